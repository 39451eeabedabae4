import { useLingui } from '@lingui/react/macro';
import { business } from '@/config/business';
import { SITE_ORIGIN, absoluteUrl } from '@/config/site';
import { localizePath, type Locale } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { CITY_LINKS } from './site-links';

/** The business's one identity in both languages' data (the same company on / and /es/). */
export const BUSINESS_ID = `${SITE_ORIGIN}/#business`;

/**
 * LocalBusiness/Plumber structured data for the home page, in the page's
 * language (issue 40): the description in that language and the url of
 * that language's home page, plus the page itself as a WebPage carrying
 * inLanguage (schema.org gives a business no inLanguage of its own). Hours
 * and the founding year come from the same settings as the footer
 * (DESIGN §8); the rating badge is deliberately not emitted as aggregateRating.
 */
export function localBusinessData(locale: Locale, description: string) {
  const home = absoluteUrl(localizePath('/', locale));
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': ['LocalBusiness', 'Plumber'],
        '@id': BUSINESS_ID,
        name: business.companyName,
        url: home,
        telephone: business.phoneHref.replace(/^tel:/, ''),
        email: business.email,
        foundingDate: String(business.foundedYear),
        areaServed: CITY_LINKS.map((c) => ({ '@type': 'City', name: `${c.label}, AZ` })),
        address: { '@type': 'PostalAddress', addressLocality: 'Phoenix', addressRegion: 'AZ', addressCountry: 'US' },
        openingHoursSpecification: business.hours
          .filter((h) => h.opens && h.closes)
          .map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: h.days, opens: h.opens, closes: h.closes })),
        description,
      },
      { '@type': 'WebPage', '@id': `${home}#webpage`, url: home, inLanguage: locale, about: { '@id': BUSINESS_ID } },
    ],
  };
}

export function LocalBusinessJsonLd() {
  const { t } = useLingui();
  const description = t`Trenchless drain and sewer repair: CIPP pipe lining with blue-light curing, pipe bursting, epoxy coating and drain camera inspections.`;
  // A data block, not a script: CSP does not apply; "<" is escaped so the
  // JSON can never close the element.
  const json = JSON.stringify(localBusinessData(useLocale(), description)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
