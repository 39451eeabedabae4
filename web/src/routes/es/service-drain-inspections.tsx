import { drainInspectionsPage } from '@/content/es/service-pages';
import { DrainInspections } from '@/features/service-pages/pages';

/** /es/services/drain-inspections (issue 40), in Spanish. */
export function DrainInspectionsRoute() {
  return <DrainInspections page={drainInspectionsPage} />;
}
