// An article's address in its own language (issue 40, ADR 0017): a post is
// written in English (/blog/{slug}) or in Spanish (/es/blog/{slug}), and
// may name its version in the other language (the API's `translations`,
// published and live ones only on public reads). localizePath leaves
// /blog/{slug} alone on purpose: the post's language, not the page's,
// says where it lives.
import { LOCALE_PREFIX, type Locale } from '@/i18n/locale';
import { ARTICLE_TEMPLATE_SLUG } from './article-template';

/** What these helpers read of a post (a list's summary or the whole post). */
type Written = { slug: string; language?: string };
type WithTranslations = Written & { translations?: readonly { language?: string; slug?: string }[] };

/** The language a post is written in: Spanish for "es", English otherwise (older answers carry none). */
export function postLanguage(post: { language?: string }): Locale {
  return post.language === 'es' ? 'es' : 'en';
}

/** An article's address: /blog/{slug} in English, /es/blog/{slug} in Spanish. */
export function articlePath(slug: string, language: Locale): string {
  return `${LOCALE_PREFIX[language]}/blog/${encodeURIComponent(slug)}`;
}

/** A post's own address, in its language. */
export function postPath(post: Written): string {
  return articlePath(post.slug, postLanguage(post));
}

/** The slug an article address names ('/blog/x', '/es/blog/x'), or null for any other page. */
export function articleSlugOfPath(pathname: string): string | null {
  const m = /^(?:\/es)?\/blog\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** The post's version in `language`, when it names one. */
export function translationIn(post: WithTranslations, language: Locale) {
  return post.translations?.find((t) => t.language === language && typeof t.slug === 'string' && t.slug !== '');
}

/**
 * The token the article template carries where the language switch's
 * address goes: the edge fills it per article with what
 * languageSwitchPath says (the twin's address, or the other language's
 * article list).
 */
export const LANGUAGE_SWITCH_TOKEN = '⟦post:otherLanguageHref⟧';

/**
 * Where an article's language switch leads in `to`: the same article in
 * that language when it has a published version there, else that
 * language's articles (/resources, /es/resources). In the article
 * template, the edge's token.
 */
export function languageSwitchPath(post: WithTranslations, to: Locale): string {
  if (post.slug === ARTICLE_TEMPLATE_SLUG) return LANGUAGE_SWITCH_TOKEN;
  const twin = translationIn(post, to);
  return twin ? articlePath(twin.slug!, to) : `${LOCALE_PREFIX[to]}/resources`;
}

/**
 * The head's links of an article: its canonical address and, when it has a
 * published translation, both languages' addresses as hreflang alternates
 * (x-default is the English one). `absolute` makes a site path a whole URL.
 */
export function articleHeadLinks(post: WithTranslations, absolute: (path: string) => string): Record<string, string>[] {
  const own = postLanguage(post);
  const links: Record<string, string>[] = [{ rel: 'canonical', href: absolute(postPath(post)) }];
  if (post.slug === ARTICLE_TEMPLATE_SLUG) return links;
  const other: Locale = own === 'en' ? 'es' : 'en';
  const twin = translationIn(post, other);
  if (!twin) return links;
  const byLanguage: Record<Locale, string> = { [own]: absolute(postPath(post)), [other]: absolute(articlePath(twin.slug!, other)) } as Record<Locale, string>;
  return [
    ...links,
    { rel: 'alternate', hreflang: 'en', href: byLanguage.en },
    { rel: 'alternate', hreflang: 'es', href: byLanguage.es },
    { rel: 'alternate', hreflang: 'x-default', href: byLanguage.en },
  ];
}
