import { Seo } from '@/components/Seo';
import { ContactSection } from '@/features/lead-form';
import {
  ArticleList,
  ResourceFaqList,
  ResourcesCallToAction,
  ResourcesHero,
  ServiceAreaCards,
} from '@/features/resources-page';

/**
 * /resources and /blog: the same resources page (SPEC §2). Both addresses
 * name /resources as canonical, so search engines index it once.
 */
export function ResourcesRoute() {
  return (
    <>
      <Seo
        title="Drain & Sewer Resources for Phoenix Valley Homeowners"
        description="Homeowner guides to sewer warning signs, Orangeburg and clay pipe, repair costs and CIPP lining, with pipe risk ratings for eight Phoenix Valley cities."
        path="/resources"
      />
      <ResourcesHero />
      <ArticleList />
      <ServiceAreaCards />
      <ResourceFaqList />
      <ResourcesCallToAction />
      <ContactSection />
    </>
  );
}
