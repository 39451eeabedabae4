import { Trans, useLingui } from '@lingui/react/macro';
import { Seo } from '@/components/Seo';
import { ContactSection } from '@/features/lead-form';
import {
  ArticleList,
  ResourceFaqList,
  ResourcesCallToAction,
  ResourcesCopyProvider,
  ResourcesHero,
  ServiceAreaCards,
} from '@/features/resources-page';
import { LatestPosts } from '@/features/blog/components/LatestPosts';
import type { ResourcesCopy } from '@/content/resources-page';
import { SlicedSections } from '@/lib/hydration-slices';

/**
 * /resources and /blog: the same resources page (SPEC §2). Both addresses
 * name /resources as canonical, so search engines index it once. In the
 * page's language, its data from `copy` (routes/resources.tsx hands the
 * English, routes/es/resources.tsx the Spanish: /es/resources, /es/blog).
 */
export function ResourcesPage({ copy }: { copy: ResourcesCopy }) {
  const { t } = useLingui();
  return (
    <ResourcesCopyProvider copy={copy}>
      <Seo
        title={t`Drain & Sewer Resources for Phoenix Valley Homeowners`}
        description={t`Homeowner guides to sewer warning signs, Orangeburg and clay pipe, repair costs and CIPP lining, with pipe risk ratings for eight Phoenix Valley cities.`}
        path="/resources"
      />
      <ResourcesHero />
      <SlicedSections>
        <section className="section" aria-labelledby="resources-latest-heading">
          <div className="container">
            <div className="section__header">
              <h2 id="resources-latest-heading">
                <Trans>Newest on the blog</Trans>
              </h2>
            </div>
            {/* Published posts, current: staff posts and scheduled ones appear here when they go live. */}
            <LatestPosts />
          </div>
        </section>
        <ArticleList />
        <ServiceAreaCards />
        <ResourceFaqList />
        <ResourcesCallToAction />
        <ContactSection />
      </SlicedSections>
    </ResourcesCopyProvider>
  );
}
