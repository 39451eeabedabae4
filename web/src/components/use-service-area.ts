import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { business } from '@/config/business';
import { useLocale } from '@/i18n/use-locale';

/**
 * The service area inside a sentence. English pages name the configured
 * setting as it is ("across the {area}"); Spanish texts read "en {area}",
 * so on a Spanish page it is a noun phrase with its article.
 */
const SERVICE_AREA_IN_A_SENTENCE = msg({
  context: 'the service area inside a Spanish sentence ("en {area}"), with its article',
  message: 'the Greater Phoenix Valley',
});

/** The service area as the page's language puts it inside a sentence ({area} of the site's texts). */
export function useServiceArea(): string {
  const { i18n } = useLingui();
  return useLocale() === 'en' ? business.serviceArea : i18n._(SERVICE_AREA_IN_A_SENTENCE);
}
