import { useLocation } from 'react-router';
import { localeOfPath, localizePath, type Locale } from './locale';

/** The language of the page being shown, from its path (/es/… is Spanish). */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** A function that puts a site path in the page's language: '/contact' → '/es/contact' on Spanish pages. */
export function useLocalize(): (to: string) => string {
  const locale = useLocale();
  return (to) => localizePath(to, locale);
}
