import { MediaTab } from '@/features/admin/media';

/** /admin/media/*: the Media tab (features/admin/media). */
export function AdminMediaRoute() {
  return <MediaTab />;
}
