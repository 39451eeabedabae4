import { Seo } from '@/components/Seo';
import { drainInspectionsPage as page } from '@/content/service-pages';
import { ContactSection } from '@/features/lead-form';
import {
  BenefitCards,
  Checklist,
  CtaBanner,
  LocalPipeIssues,
  ProcessSteps,
  ServiceHero,
} from '@/features/service-pages';
import { SlicedSections } from '@/lib/hydration-slices';

/**
 * /services/drain-inspections (SPEC §2 "Service pages"): what cameras
 * reveal, the inspection, when to get one, local pipe issues and the free
 * inspection banner.
 */
export function DrainInspectionsRoute() {
  return (
    <>
      <Seo title={page.seo.title} description={page.seo.description} path={page.path} />
      <div className="service-page">
        <ServiceHero hero={page.hero} path={page.path} />
        <SlicedSections>
          <BenefitCards copy={page.reveals} />
          <ProcessSteps copy={page.process} />
          <Checklist copy={page.whenToGet} />
          <LocalPipeIssues copy={page.localIssues} />
          <CtaBanner copy={page.cta} currentPath={page.path} />
        </SlicedSections>
      </div>
      <SlicedSections>
        <ContactSection title={page.contactTitle} />
      </SlicedSections>
    </>
  );
}
