import { useQuery } from '@tanstack/react-query';
import { LOCALE_PREFIX, type Locale } from '@/i18n/locale';
import { articleSlugOfPath, languageSwitchPath } from '../utils/article-path';
import { getBlogPostQueryOptions } from './get-blog-post';

/**
 * Where the language switch of the page at `pathname` leads in `to`, when
 * the page is an article (null for any other page): the article's published
 * translation, else that language's articles. It reads the article's own
 * query (the post the page was served with), so it says what the edge wrote
 * into the served page (the article template's switch token, filled from the
 * same post) and fetches nothing of its own.
 */
export function useArticleLanguageSwitch(pathname: string, to: Locale): string | null {
  const slug = articleSlugOfPath(pathname);
  const post = useQuery({ ...getBlogPostQueryOptions(slug ?? ''), enabled: slug !== null }).data;
  if (slug === null) return null;
  return post ? languageSwitchPath(post, to) : `${LOCALE_PREFIX[to]}/resources`;
}
