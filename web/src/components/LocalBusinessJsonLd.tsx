import { business } from '@/config/business';
import { SITE_ORIGIN } from '@/config/site';
import { CITY_LINKS } from './site-links';

/**
 * LocalBusiness/Plumber structured data for the home page. Hours and the
 * founding year come from the same settings as the footer (DESIGN §8); the
 * rating badge is deliberately not emitted as aggregateRating.
 */
export function localBusinessData() {
  return {
    '@context': 'https://schema.org',
    '@type': ['LocalBusiness', 'Plumber'],
    name: business.companyName,
    url: SITE_ORIGIN + '/',
    telephone: business.phoneHref.replace(/^tel:/, ''),
    email: business.email,
    foundingDate: String(business.foundedYear),
    areaServed: CITY_LINKS.map((c) => ({ '@type': 'City', name: `${c.label}, AZ` })),
    address: { '@type': 'PostalAddress', addressLocality: 'Phoenix', addressRegion: 'AZ', addressCountry: 'US' },
    openingHoursSpecification: business.hours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: h.days, opens: h.opens, closes: h.closes })),
    description:
      'Trenchless drain and sewer repair: CIPP pipe lining with blue-light curing, pipe bursting, epoxy coating and drain camera inspections.',
  };
}

export function LocalBusinessJsonLd() {
  // A data block, not a script: CSP does not apply; "<" is escaped so the
  // JSON can never close the element.
  const json = JSON.stringify(localBusinessData()).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
