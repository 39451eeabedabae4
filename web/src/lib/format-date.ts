import type { Locale } from '@/i18n/locale';

// Dates are shown in the business's own time zone so that the prerendered HTML
// and the browser agree (Arizona keeps no daylight saving time).
const OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/Phoenix' };

/** Each page language's long-date format (issue 40): US English, and Spanish as written in the US. */
const longDates: Readonly<Record<Locale, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat('en-US', OPTIONS),
  es: new Intl.DateTimeFormat('es-US', OPTIONS),
};

/** "2025-03-05T17:00:00Z" → "March 5, 2025" ("5 de marzo de 2025" in Spanish); an invalid date gives ''. */
export function formatLongDate(iso: string, locale: Locale = 'en'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDates[locale].format(date);
}
