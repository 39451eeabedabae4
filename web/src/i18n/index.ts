export { activateLocale, i18n } from './catalog';
export {
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  LOCALE_PREFIX,
  LOCALES,
  OG_LOCALES,
  isLocale,
  localeOfPath,
  localizePath,
  stripLocale,
  switchLocalePath,
  type Locale,
} from './locale';
export { useLocale, useLocalize } from './use-locale';
export { useLocalized } from './localized';
