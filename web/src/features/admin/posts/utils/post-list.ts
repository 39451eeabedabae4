// The post list's search and order.
import type { AdminPost } from '../api/get-admin-posts';
import { postDate } from './post-status';

export type PostSort = 'newest' | 'oldest' | 'title';

const byTitle = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The date the list shows for the post (postDate: a draft's is when it was last saved). */
function time(post: AdminPost, now: Date): number {
  const { at } = postDate(post, now);
  const t = at ? Date.parse(at) : Number.NaN;
  return Number.isFinite(t) ? t : 0;
}

/**
 * The posts whose title contains every word of the query (any case, any
 * accents), newest first by the date the list shows (scheduled ones ahead of
 * today therefore lead; a draft by when it was last saved), oldest first, or
 * by title.
 */
export function filterAndSortPosts(posts: readonly AdminPost[], query: string, sort: PostSort, now: Date = new Date()): AdminPost[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matching = words.length === 0 ? [...posts] : posts.filter((p) => words.every((w) => fold(p.title).includes(w)));
  const times = new Map(matching.map((p) => [p, time(p, now)]));
  const at = (p: AdminPost) => times.get(p) ?? 0;
  const compare: Record<PostSort, (a: AdminPost, b: AdminPost) => number> = {
    newest: (a, b) => at(b) - at(a) || byTitle.compare(a.title, b.title),
    oldest: (a, b) => at(a) - at(b) || byTitle.compare(a.title, b.title),
    title: (a, b) => byTitle.compare(a.title, b.title),
  };
  return matching.sort(compare[sort]);
}

function fold(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The live count: "12 posts", "Showing 3 of 12 posts", "No posts match". */
export function countText(shown: number, total: number, query: string): string {
  const noun = (n: number) => (n === 1 ? 'post' : 'posts');
  if (query.trim() === '') return `${total} ${noun(total)}`;
  if (shown === 0) return `No posts match “${query.trim()}”`;
  return `Showing ${shown} of ${total} ${noun(total)}`;
}
