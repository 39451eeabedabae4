import { ContentTab } from '@/features/admin/content';

/** /admin/content/*: the Site Content tab (features/admin/content). */
export function AdminContentRoute() {
  return <ContentTab />;
}
