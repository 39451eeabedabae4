import { cippLiningPage } from '@/content/service-pages';
import { CippLining } from '@/features/service-pages/pages';

/** /services/cipp-lining (SPEC §2 "Service pages"), in English. */
export function CippLiningRoute() {
  return <CippLining page={cippLiningPage} />;
}
