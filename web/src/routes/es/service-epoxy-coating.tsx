import { epoxyCoatingPage } from '@/content/es/service-pages';
import { EpoxyCoating } from '@/features/service-pages/pages';

/** /es/services/epoxy-coating (issue 40), in Spanish. */
export function EpoxyCoatingRoute() {
  return <EpoxyCoating page={epoxyCoatingPage} />;
}
