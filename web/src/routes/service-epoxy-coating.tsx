import { Seo } from '@/components/Seo';
import { epoxyCoatingPage as page } from '@/content/service-pages';
import { ContactSection } from '@/features/lead-form';
import {
  BenefitCards,
  ComparisonTable,
  CtaBanner,
  ExplanationSection,
  ProcessSteps,
  ServiceHero,
  SuitabilityLists,
} from '@/features/service-pages';
import { SlicedSections } from '@/lib/hydration-slices';

/** /services/epoxy-coating (SPEC §2 "Service pages"): with the suitability lists and the $ / $$ / $$$ tiers. */
export function EpoxyCoatingRoute() {
  return (
    <>
      <Seo title={page.seo.title} description={page.seo.description} path={page.path} />
      <div className="service-page">
        <ServiceHero hero={page.hero} path={page.path} />
        <SlicedSections>
          <ExplanationSection copy={page.explanation} />
          <ProcessSteps copy={page.process} />
          <BenefitCards copy={page.benefits} />
          <SuitabilityLists copy={page.suitability} />
          <ComparisonTable copy={page.priceTiers} />
          <CtaBanner copy={page.cta} currentPath={page.path} />
        </SlicedSections>
      </div>
      <SlicedSections>
        <ContactSection title={page.contactTitle} />
      </SlicedSections>
    </>
  );
}
