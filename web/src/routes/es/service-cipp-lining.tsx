import { cippLiningPage } from '@/content/es/service-pages';
import { CippLining } from '@/features/service-pages/pages';

/** /es/services/cipp-lining (issue 40), in Spanish. */
export function CippLiningRoute() {
  return <CippLining page={cippLiningPage} />;
}
