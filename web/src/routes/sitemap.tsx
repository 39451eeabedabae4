import { useLingui } from '@lingui/react/macro';
import { Seo } from '@/components/Seo';
import { useSiteLinks, type SiteLink } from '@/components/site-links';
import { SmartLink } from '@/components/SmartLink';
import { resourceArticles } from '@/content/resources';

function LinkGroup({ id, title, links }: { id: string; title: string; links: readonly SiteLink[] }) {
  return (
    <section aria-labelledby={id} className="sitemap__group">
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <SmartLink to={l.to}>{l.label}</SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /sitemap (SPEC §2, linked from the footer): every page of the site for
 * people, as sitemap.xml lists them for search engines. Only pages that
 * exist are listed.
 */
export function SitemapRoute() {
  const { t } = useLingui();
  const links = useSiteLinks();
  const main: readonly SiteLink[] = [
    { to: '/', label: t`Home` },
    { to: '/contact', label: t`Schedule a Free Inspection` },
    { to: '/resources', label: t`Resources & Articles` },
    { to: '/risk-map', label: t`Neighborhood Pipe Risk Map` },
    // The footer's legal links, less this page itself.
    ...links.legal.filter((l) => l.to !== '/sitemap'),
  ];
  return (
    // Two elements: on one, .section's padding would override .container's side padding.
    <div className="section">
      <div className="container sitemap">
        <Seo
          title={t`Sitemap`}
          description={t`Every page of the site: services, the eight Phoenix Valley cities we serve, drain and sewer guides, and the free inspection request.`}
          path="/sitemap"
        />
        <h1>{t`Sitemap`}</h1>
        <div className="sitemap__grid">
          <LinkGroup id="sitemap-main" title={t`Main pages`} links={main} />
          <LinkGroup id="sitemap-services" title={t`Services`} links={links.services} />
          <LinkGroup id="sitemap-cities" title={t`Service areas`} links={links.cities} />
          <LinkGroup
            id="sitemap-articles"
            title={t`Articles`}
            links={resourceArticles.map((a) => ({ to: `/blog/${a.id}`, label: a.title }))}
          />
        </div>
      </div>
    </div>
  );
}
