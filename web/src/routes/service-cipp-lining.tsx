import { Seo } from '@/components/Seo';
import { cippLiningPage as page } from '@/content/service-pages';
import { ContactSection } from '@/features/lead-form';
import {
  BenefitCards,
  ComparisonTable,
  CtaBanner,
  DemoVideo,
  ExplanationSection,
  FaqList,
  ProcessSteps,
  ServiceHero,
} from '@/features/service-pages';
import { SlicedSections } from '@/lib/hydration-slices';

/** /services/cipp-lining (SPEC §2 "Service pages"): CIPP lining, with FAQs and a demo video. */
export function CippLiningRoute() {
  return (
    <>
      <Seo title={page.seo.title} description={page.seo.description} path={page.path} />
      <div className="service-page">
        <ServiceHero hero={page.hero} path={page.path} />
        <SlicedSections>
          <ExplanationSection copy={page.explanation} />
          <ProcessSteps copy={page.process} />
          <BenefitCards copy={page.benefits} />
          <DemoVideo copy={page.video} />
          <ComparisonTable copy={page.comparison} />
          <FaqList copy={page.faqs} />
          <CtaBanner copy={page.cta} currentPath={page.path} />
        </SlicedSections>
      </div>
      <SlicedSections>
        <ContactSection title={page.contactTitle} />
      </SlicedSections>
    </>
  );
}
