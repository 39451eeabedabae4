import type { Locale } from './locale';

/** The cookie that remembers a visitor's choice of language; the edge reads it on "/" only (issue 40). */
export const LOCALE_COOKIE = 'site_lang';

/**
 * Remembers the language a visitor chose with the switch, for a year. The
 * edge sends a visitor whose cookie says Spanish from "/" to "/es/"; it
 * never looks at Accept-Language, and search engines keep no cookies, so
 * both editions stay reachable to them.
 */
export function rememberLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}
