import type { Locale } from '@/i18n/locale';

/** Where "Read more reviews" leads: the company's listing on Google Maps, its interface in the page's language. */
export function reviewsUrl(companyName: string, locale: Locale = 'en'): string {
  const url = 'https://www.google.com/maps/search/?api=1&query=' + encodeURIComponent(companyName);
  return locale === 'en' ? url : `${url}&hl=${locale}`;
}
