import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { cities } from '@/content/cities';

/** The site's navigation targets (SPEC §2), in one place. */
export interface SiteLink {
  to: string;
  label: string;
}

/** A link whose label is a message (issue 40): its words in the page's language come from useSiteLinks. */
type LinkMessage = { to: string; label: MessageDescriptor };

const SERVICES: readonly LinkMessage[] = [
  { to: '/services/cipp-lining', label: msg`CIPP Pipe Lining` },
  { to: '/services/pipe-bursting', label: msg`Pipe Bursting` },
  { to: '/services/epoxy-coating', label: msg`Epoxy Pipe Coating` },
  { to: '/services/drain-inspections', label: msg`Drain Camera Inspections` },
];

/** The eight cities, from the one city data module, in SPEC §2's order (names are the same in both languages). */
export const CITY_LINKS: readonly SiteLink[] = cities.map((c) => ({ to: `/${c.slug}`, label: c.name }));

const ABOUT: LinkMessage = { to: '/#about', label: msg`About` };
const RESOURCES: LinkMessage = { to: '/resources', label: msg`Resources` };
const ESTIMATE: LinkMessage = { to: '/contact#contact', label: msg`Get Free Estimate` };

/** Footer service links, in SPEC §2's order. */
const FOOTER_SERVICES: readonly LinkMessage[] = [
  { to: '/services/cipp-lining', label: msg`CIPP Pipe Lining` },
  { to: '/services/drain-inspections', label: msg`Drain Camera Inspections` },
  { to: '/services/epoxy-coating', label: msg`Epoxy Pipe Coating` },
  { to: '/resources', label: msg`Resources & Articles` },
  { to: '/services/pipe-bursting', label: msg`Pipe Bursting` },
];

const LEGAL: readonly LinkMessage[] = [
  { to: '/privacy', label: msg`Privacy Policy` },
  { to: '/terms', label: msg`Terms of Service` },
  { to: '/sitemap', label: msg`Sitemap` },
];

export const SOCIAL_LINKS: readonly { href: string; label: string }[] = [
  { href: 'https://www.facebook.com/valleytrenchlesspros', label: 'Facebook' },
  { href: 'https://www.instagram.com/valleytrenchlesspros', label: 'Instagram' },
  { href: 'https://www.youtube.com/@valleytrenchlesspros', label: 'YouTube' },
  { href: 'https://nextdoor.com/pages/valley-trenchless-pros', label: 'Nextdoor' },
];

/**
 * The navigation's links with their labels in the page's language. The
 * paths are the English ones: SmartLink puts them in the page's language.
 */
export function useSiteLinks() {
  const { i18n } = useLingui();
  const one = (l: LinkMessage): SiteLink => ({ to: l.to, label: i18n._(l.label) });
  return {
    services: SERVICES.map(one),
    cities: CITY_LINKS,
    about: one(ABOUT),
    resources: one(RESOURCES),
    estimate: one(ESTIMATE),
    footerServices: FOOTER_SERVICES.map(one),
    legal: LEGAL.map(one),
  };
}
