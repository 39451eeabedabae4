import { drainInspectionsPage } from '@/content/service-pages';
import { DrainInspections } from '@/features/service-pages/pages';

/** /services/drain-inspections (SPEC §2 "Service pages"), in English. */
export function DrainInspectionsRoute() {
  return <DrainInspections page={drainInspectionsPage} />;
}
