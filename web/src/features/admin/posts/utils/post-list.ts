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

const noun = (n: number) => (n === 1 ? 'post' : 'posts');

/**
 * The live count above the list: "12 posts"; with a search, "Showing 3 of
 * 12 posts" (matching of all) or "No posts match “x”".
 */
export function countText(matching: number, total: number, query: string): string {
  if (query.trim() === '') return `${total} ${noun(total)}`;
  if (matching === 0) return `No posts match “${query.trim()}”`;
  return `Showing ${matching} of ${total} ${noun(total)}`;
}

/** Under the list, once there is more than one page: how much of it is on screen (of how many, when known). */
export function listedText(listed: number, matching: number | null): string {
  if (matching === null) return `${listed} ${noun(listed)} listed`;
  return listed >= matching ? `All ${matching} ${noun(matching)} listed` : `${listed} of ${matching} ${noun(matching)} listed`;
}
