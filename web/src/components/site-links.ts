import { cities } from '@/content/cities';

/** The site's navigation targets (SPEC §2), in one place. */
export interface SiteLink {
  to: string;
  label: string;
}

export const SERVICE_LINKS: readonly SiteLink[] = [
  { to: '/services/cipp-lining', label: 'CIPP Pipe Lining' },
  { to: '/services/pipe-bursting', label: 'Pipe Bursting' },
  { to: '/services/epoxy-coating', label: 'Epoxy Pipe Coating' },
  { to: '/services/drain-inspections', label: 'Drain Camera Inspections' },
];

/** The eight cities, from the one city data module, in SPEC §2's order. */
export const CITY_LINKS: readonly SiteLink[] = cities.map((c) => ({ to: `/${c.slug}`, label: c.name }));

export const ABOUT_LINK: SiteLink = { to: '/#about', label: 'About' };
export const RESOURCES_LINK: SiteLink = { to: '/resources', label: 'Resources' };
export const ESTIMATE_LINK: SiteLink = { to: '/contact#contact', label: 'Get Free Estimate' };

/** Footer service links, in SPEC §2's order. */
export const FOOTER_SERVICE_LINKS: readonly SiteLink[] = [
  { to: '/services/cipp-lining', label: 'CIPP Pipe Lining' },
  { to: '/services/drain-inspections', label: 'Drain Camera Inspections' },
  { to: '/services/epoxy-coating', label: 'Epoxy Pipe Coating' },
  { to: '/resources', label: 'Resources & Articles' },
  { to: '/services/pipe-bursting', label: 'Pipe Bursting' },
];

export const LEGAL_LINKS: readonly SiteLink[] = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/sitemap', label: 'Sitemap' },
];

export const SOCIAL_LINKS: readonly { href: string; label: string }[] = [
  { href: 'https://www.facebook.com/valleytrenchlesspros', label: 'Facebook' },
  { href: 'https://www.instagram.com/valleytrenchlesspros', label: 'Instagram' },
  { href: 'https://www.youtube.com/@valleytrenchlesspros', label: 'YouTube' },
  { href: 'https://nextdoor.com/pages/valley-trenchless-pros', label: 'Nextdoor' },
];
