// The post list's order and its counts. The search and the order
// themselves are the server's (GET /api/admin/blog-posts).

/**
 * newest (the default) and oldest go by the date the list shows (the
 * server's listAt: a draft by when it was last saved, unless a publish time
 * ahead was chosen); title by the title in any case.
 */
export type PostSort = 'newest' | 'oldest' | 'title';

/** The order named in the address (?sort=); anything else is the default. */
export function readSort(value: string | null): PostSort {
  return value === 'oldest' || value === 'title' ? value : 'newest';
}

/** The language the list keeps (?lang=): 'en', 'es', or '' for every language. */
export type PostListLanguage = '' | 'en' | 'es';

export function readLanguage(value: string | null): PostListLanguage {
  return value === 'en' || value === 'es' ? value : '';
}

const noun = (n: number) => (n === 1 ? 'post' : 'posts');
/** A language's name in the staff area's (English) sentences. */
export const LANGUAGE_NAME = { en: 'English', es: 'Spanish' } as const;

/**
 * The live count above the list: "12 posts"; with a search, "Showing 3 of
 * 12 posts" (matching of all) or "No posts match “x”"; in one language,
 * "Showing 2 Spanish posts of 12" (or none).
 */
export function countText(matching: number, total: number, query: string, language: PostListLanguage = ''): string {
  const q = query.trim();
  if (language !== '') {
    const kept = `${LANGUAGE_NAME[language]} ${noun(matching)}`;
    if (matching === 0) return q === '' ? `No ${LANGUAGE_NAME[language]} posts` : `No ${LANGUAGE_NAME[language]} posts match “${q}”`;
    return `Showing ${matching} ${kept}${q === '' ? '' : ` matching “${q}”`} of ${total} ${noun(total)}`;
  }
  if (q === '') return `${total} ${noun(total)}`;
  if (matching === 0) return `No posts match “${q}”`;
  return `Showing ${matching} of ${total} ${noun(total)}`;
}

/** Under the list, once there is more than one page: how much of it is on screen (of how many, when known). */
export function listedText(listed: number, matching: number | null): string {
  if (matching === null) return `${listed} ${noun(listed)} listed`;
  return listed >= matching ? `All ${matching} ${noun(matching)} listed` : `${listed} of ${matching} ${noun(matching)} listed`;
}
