import { pipeBurstingPage } from '@/content/service-pages';
import { PipeBursting } from '@/features/service-pages/pages';

/** /services/pipe-bursting (SPEC §2 "Service pages"), in English. */
export function PipeBurstingRoute() {
  return <PipeBursting page={pipeBurstingPage} />;
}
