import { business } from '@/config/business';
import { absoluteUrl } from '@/config/site';
import { DEFAULT_LOCALE, LOCALES, OG_LOCALES, localizePath, stripLocale } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { DocumentHead, NOINDEX } from './DocumentHead';

interface SeoProps {
  /** Page title; the company name is appended. */
  title: string;
  description: string;
  /** Site path of the page (in either language: the page's language is put in front), for the canonical URL. */
  path: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  /** False for a page that exists in its own language only: no hreflang alternates. */
  translated?: boolean;
}

/** Every language's address of a page, and x-default (English), as hreflang links (issue 40). */
export function alternateLinks(path: string): { rel: string; hreflang: string; href: string }[] {
  const bare = stripLocale(path);
  return [
    ...LOCALES.map((l) => ({ rel: 'alternate', hreflang: l, href: absoluteUrl(localizePath(bare, l)) })),
    { rel: 'alternate', hreflang: 'x-default', href: absoluteUrl(localizePath(bare, DEFAULT_LOCALE)) },
  ];
}

/**
 * A page's title, description, canonical URL, Open Graph tags (DESIGN §6)
 * and its address in each language (issue 40).
 */
export function Seo({ title, description, path, type = 'website', noindex = false, translated = true }: SeoProps) {
  const locale = useLocale();
  const full = `${title} | ${business.companyName}`;
  const url = absoluteUrl(localizePath(stripLocale(path), locale));
  return (
    <DocumentHead
      title={full}
      meta={[
        { name: 'description', content: description },
        { property: 'og:type', content: type },
        { property: 'og:title', content: full },
        { property: 'og:description', content: description },
        { property: 'og:url', content: url },
        { property: 'og:site_name', content: business.companyName },
        { property: 'og:locale', content: OG_LOCALES[locale] },
        { name: 'twitter:card', content: 'summary' },
        ...(noindex ? NOINDEX : []),
      ]}
      links={[{ rel: 'canonical', href: url }, ...(translated && !noindex ? alternateLinks(path) : [])]}
    />
  );
}
