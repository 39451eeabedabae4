import { useLocation } from 'react-router';
import { useArticleLanguageSwitch } from '@/features/blog/api/article-language-switch';
import { LOCALE_NAMES, switchLocalePath, type Locale } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { rememberLocale } from '@/i18n/remember';

/**
 * The link to this page in the other language (issue 40), in the header and
 * the drawer. A plain link that loads the other page in full (its own
 * messages and copy come with it), with the page's hash kept. The choice is
 * remembered for the next visit to the home page (i18n/remember.ts). The
 * link's text is the other language's own name, marked with its language.
 * An article is written in one language: its switch leads to its
 * translation, or to the other language's articles when it has none.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const { pathname, hash } = useLocation();
  const other: Locale = locale === 'en' ? 'es' : 'en';
  const label = other === 'es' ? 'Ver esta página en español' : 'View this page in English';
  const article = useArticleLanguageSwitch(pathname, other);
  return (
    <a
      href={article ?? switchLocalePath(pathname, other) + hash}
      hrefLang={other}
      lang={other}
      className={className}
      aria-label={label}
      onClick={() => rememberLocale(other)}
    >
      {LOCALE_NAMES[other]}
    </a>
  );
}
