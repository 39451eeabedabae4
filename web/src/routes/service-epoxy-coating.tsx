import { epoxyCoatingPage } from '@/content/service-pages';
import { EpoxyCoating } from '@/features/service-pages/pages';

/** /services/epoxy-coating (SPEC §2 "Service pages"), in English. */
export function EpoxyCoatingRoute() {
  return <EpoxyCoating page={epoxyCoatingPage} />;
}
