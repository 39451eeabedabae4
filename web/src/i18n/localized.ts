import type { Locale } from './locale';
import { useLocale } from './use-locale';

/** Data written once per language (content/ and content/es/): the page's language's copy. */
export function useLocalized<T>(copies: Readonly<Record<Locale, T>>): T {
  return copies[useLocale()];
}
