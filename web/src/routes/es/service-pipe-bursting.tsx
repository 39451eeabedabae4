import { pipeBurstingPage } from '@/content/es/service-pages';
import { PipeBursting } from '@/features/service-pages/pages';

/** /es/services/pipe-bursting (issue 40), in Spanish. */
export function PipeBurstingRoute() {
  return <PipeBursting page={pipeBurstingPage} />;
}
