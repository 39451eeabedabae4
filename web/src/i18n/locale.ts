// The site's two languages (issue 40, ADR 0017). English lives at the site's
// paths, Spanish at the same paths under /es; nothing else picks the
// language (never Accept-Language: search engines must see both editions).

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for the language switch. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español' };

/** Open Graph's og:locale of each language. */
export const OG_LOCALES: Readonly<Record<Locale, string>> = { en: 'en_US', es: 'es_US' };

/** The path prefix of a language's pages: '' for English, '/es' for Spanish. */
export const LOCALE_PREFIX: Readonly<Record<Locale, string>> = { en: '', es: '/es' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language of a site path: Spanish for /es and anything under /es/, English otherwise. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/es' || pathname.startsWith('/es/') ? 'es' : 'en';
}

/** A path without its language prefix: '/es/contact' → '/contact', '/es' → '/'. */
export function stripLocale(pathname: string): string {
  if (localeOfPath(pathname) === 'en') return pathname;
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

// Paths that are never a page in a language: the staff area, the API,
// images, the edge's own files, and articles (an article is written in one
// language: a Spanish one's link names its /es/blog/ address itself).
const UNLOCALIZED = /^\/(admin|auth|api|media|assets|healthz|readyz)(\/|$)|^\/blog\/[^/?#]|^\/[^/?#]*\.[a-z0-9]+([?#]|$)/i;

/**
 * A site link in a language: '/contact#form' → '/es/contact#form' in
 * Spanish. Links outside the site, to the staff area, the API, media or a
 * file, and links already in a language, stay as they are.
 */
export function localizePath(to: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !to.startsWith('/') || to.startsWith('//')) return to;
  if (localeOfPath(to.replace(/[?#].*$/, '')) === 'es' || UNLOCALIZED.test(to)) return to;
  const prefix = LOCALE_PREFIX[locale];
  // The home page with a hash or query: /#about → /es/#about.
  return to === '/' ? `${prefix}/` : to.startsWith('/#') || to.startsWith('/?') ? `${prefix}/${to.slice(1)}` : prefix + to;
}

/** The same page in another language: '/es/phoenix' → '/phoenix' in English, '/' → '/es/' in Spanish. */
export function switchLocalePath(pathname: string, to: Locale): string {
  const bare = stripLocale(pathname);
  return to === DEFAULT_LOCALE ? bare : localizePath(bare, to);
}
