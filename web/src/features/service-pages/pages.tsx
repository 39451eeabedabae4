// The four service pages put together (SPEC §2 "Service pages"), each from
// its copy: routes/service-*.tsx pass the English copy, routes/es/service-*.tsx
// the Spanish (issue 40), so a page's chunk carries one language's words.
import { Seo } from '@/components/Seo';
import type { CippLiningPage, DrainInspectionsPage, EpoxyCoatingPage, PipeBurstingPage } from '@/content/service-pages';
import { ContactSection } from '@/features/lead-form';
import { SlicedSections } from '@/lib/hydration-slices';
import type { ReactNode } from 'react';
import {
  BenefitCards,
  Checklist,
  ComparisonTable,
  CtaBanner,
  DemoVideo,
  ExplanationSection,
  FaqList,
  LocalPipeIssues,
  ProcessSteps,
  ServiceHero,
  SuitabilityLists,
} from './index';

type Page = CippLiningPage | PipeBurstingPage | EpoxyCoatingPage | DrainInspectionsPage;

/** The frame every service page shares: head tags, hero, its sections, the cta banner and the contact form. */
function ServicePage({ page, children }: { page: Page; children: ReactNode }) {
  return (
    <>
      <Seo title={page.seo.title} description={page.seo.description} path={page.path} />
      <div className="service-page">
        <ServiceHero hero={page.hero} path={page.path} />
        <SlicedSections>
          {children}
          <CtaBanner copy={page.cta} currentPath={page.path} />
        </SlicedSections>
      </div>
      <SlicedSections>
        <ContactSection title={page.contactTitle} />
      </SlicedSections>
    </>
  );
}

/** /services/cipp-lining: CIPP lining, with FAQs and a demo video. */
export function CippLining({ page }: { page: CippLiningPage }) {
  return (
    <ServicePage page={page}>
      <ExplanationSection copy={page.explanation} />
      <ProcessSteps copy={page.process} />
      <BenefitCards copy={page.benefits} />
      <DemoVideo copy={page.video} />
      <ComparisonTable copy={page.comparison} />
      <FaqList copy={page.faqs} />
    </ServicePage>
  );
}

/** /services/pipe-bursting: trenchless replacement of lines too broken to line. */
export function PipeBursting({ page }: { page: PipeBurstingPage }) {
  return (
    <ServicePage page={page}>
      <ExplanationSection copy={page.explanation} />
      <ProcessSteps copy={page.process} />
      <BenefitCards copy={page.suitability} />
      <ComparisonTable copy={page.comparison} />
    </ServicePage>
  );
}

/** /services/epoxy-coating: with the suitability lists and the $ / $$ / $$$ tiers. */
export function EpoxyCoating({ page }: { page: EpoxyCoatingPage }) {
  return (
    <ServicePage page={page}>
      <ExplanationSection copy={page.explanation} />
      <ProcessSteps copy={page.process} />
      <BenefitCards copy={page.benefits} />
      <SuitabilityLists copy={page.suitability} />
      <ComparisonTable copy={page.priceTiers} />
    </ServicePage>
  );
}

/** /services/drain-inspections: what cameras reveal, the inspection, when to get one, local pipe issues. */
export function DrainInspections({ page }: { page: DrainInspectionsPage }) {
  return (
    <ServicePage page={page}>
      <BenefitCards copy={page.reveals} />
      <ProcessSteps copy={page.process} />
      <Checklist copy={page.whenToGet} />
      <LocalPipeIssues copy={page.localIssues} />
    </ServicePage>
  );
}
