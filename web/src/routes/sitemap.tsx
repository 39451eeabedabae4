import { Link } from 'react-router';
import { Seo } from '@/components/Seo';
import { CITY_LINKS, LEGAL_LINKS, SERVICE_LINKS, type SiteLink } from '@/components/site-links';
import { resourceArticles } from '@/content/resources';

const MAIN_LINKS: readonly SiteLink[] = [
  { to: '/', label: 'Home' },
  { to: '/contact', label: 'Schedule a Free Inspection' },
  { to: '/resources', label: 'Resources & Articles' },
  { to: '/risk-map', label: 'Neighborhood Pipe Risk Map' },
  // The footer's legal links, less this page itself.
  ...LEGAL_LINKS.filter((l) => l.to !== '/sitemap'),
];

function LinkGroup({ id, title, links }: { id: string; title: string; links: readonly SiteLink[] }) {
  return (
    <section aria-labelledby={id} className="sitemap__group">
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
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
  return (
    // Two elements: on one, .section's padding would override .container's side padding.
    <div className="section">
      <div className="container sitemap">
        <Seo
          title="Sitemap"
          description="Every page of the site: services, the eight Phoenix Valley cities we serve, drain and sewer guides, and the free inspection request."
          path="/sitemap"
        />
        <h1>Sitemap</h1>
        <div className="sitemap__grid">
          <LinkGroup id="sitemap-main" title="Main pages" links={MAIN_LINKS} />
          <LinkGroup id="sitemap-services" title="Services" links={SERVICE_LINKS} />
          <LinkGroup id="sitemap-cities" title="Service areas" links={CITY_LINKS} />
          <LinkGroup
            id="sitemap-articles"
            title="Articles"
            links={resourceArticles.map((a) => ({ to: `/blog/${a.id}`, label: a.title }))}
          />
        </div>
      </div>
    </div>
  );
}
