// Issue 28 "search and social": what a search result for the post would
// look like, so staff see the effect of an SEO title and description as
// they type. The words are the ones the public page's head carries (the
// gateway writes them; ArticleView does the same on client-side
// navigation): the SEO title or the title, then the company; the SEO
// description or the excerpt. Search engines cut both short by width,
// about 60 and 155 characters, so the preview cuts them there too.
import { business } from '@/config/business';
import { absoluteUrl } from '@/config/site';

/** About where a search result's title is cut (Google measures about 600 px). */
export const SEARCH_TITLE_CHARS = 60;
/** About where a search result's description is cut. */
export const SEARCH_DESCRIPTION_CHARS = 155;

export type SearchPreview = {
  /** The page's <title>, as a result shows it (cut short with an ellipsis when long). */
  title: string;
  /** The article's address. */
  url: string;
  description: string;
  /** The title or description was cut short: the full text is longer than a result shows. */
  titleCut: boolean;
  descriptionCut: boolean;
};

/** The page title the article's head carries: the SEO title (or the title) and the company. */
export function pageTitle(seoTitle: string, title: string): string {
  const own = seoTitle.trim() || title.trim();
  return own === '' ? business.companyName : `${own} | ${business.companyName}`;
}

/**
 * Text cut to at most `max` characters at a word boundary, with an
 * ellipsis; text that fits is returned as it is. (Code points: an emoji
 * is never split in two.)
 */
export function cutShort(text: string, max: number): string {
  const chars = Array.from(text.trim().replace(/\s+/g, ' '));
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  // Back to the last whole word, unless that loses most of it (one very long word).
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).replace(/[\s,;:.\-–—|]+$/, '')}…`;
}

export function searchPreview({
  seoTitle,
  title,
  seoDescription,
  excerpt,
  slug,
  language = 'en',
}: {
  seoTitle: string;
  title: string;
  seoDescription: string;
  excerpt: string;
  slug: string;
  /** A Spanish post's address is under /es (issue 40). */
  language?: 'en' | 'es';
}): SearchPreview {
  const fullTitle = pageTitle(seoTitle, title);
  const fullDescription = (seoDescription.trim() || excerpt.trim()).replace(/\s+/g, ' ');
  const shownTitle = cutShort(fullTitle, SEARCH_TITLE_CHARS);
  const shownDescription = cutShort(fullDescription, SEARCH_DESCRIPTION_CHARS);
  return {
    title: shownTitle,
    url: absoluteUrl(`${language === 'es' ? '/es' : ''}/blog/${slug.trim() || '…'}`),
    description: shownDescription,
    titleCut: shownTitle !== fullTitle,
    descriptionCut: shownDescription !== fullDescription,
  };
}
