import { Seo } from '@/components/Seo';
import { pipeBurstingPage as page } from '@/content/service-pages';
import { ContactSection } from '@/features/lead-form';
import {
  BenefitCards,
  ComparisonTable,
  CtaBanner,
  ExplanationSection,
  ProcessSteps,
  ServiceHero,
} from '@/features/service-pages';
import { SlicedSections } from '@/lib/hydration-slices';

/** /services/pipe-bursting (SPEC §2 "Service pages"): trenchless replacement of lines too broken to line. */
export function PipeBurstingRoute() {
  return (
    <>
      <Seo title={page.seo.title} description={page.seo.description} path={page.path} />
      <div className="service-page">
        <ServiceHero hero={page.hero} path={page.path} />
        <SlicedSections>
          <ExplanationSection copy={page.explanation} />
          <ProcessSteps copy={page.process} />
          <BenefitCards copy={page.suitability} />
          <ComparisonTable copy={page.comparison} />
          <CtaBanner copy={page.cta} currentPath={page.path} />
        </SlicedSections>
      </div>
      <SlicedSections>
        <ContactSection title={page.contactTitle} />
      </SlicedSections>
    </>
  );
}
