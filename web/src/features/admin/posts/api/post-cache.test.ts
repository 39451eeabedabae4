import { describe, expect, it } from 'vitest';
import type { AdminPostListData, AdminPostSummary } from './get-admin-posts';
import { withoutPost } from './post-cache';

const summary = (id: string): AdminPostSummary => ({
  id,
  slug: `post-${id}`,
  title: `Post ${id}`,
  excerpt: '',
  language: 'en',
  translationOf: '',
  translations: [],
  imageUrl: '',
  publishedAt: '2026-05-21T16:00:00Z',
  isPublished: true,
  category: 'Prevention',
  createdAt: '2026-05-21T16:00:00Z',
  updatedAt: '2026-05-21T16:00:00Z',
  updatedBy: '',
  version: '1',
  autosaved: false,
  listAt: '2026-05-21T16:00:00Z',
});

const twoPages = (): AdminPostListData => ({
  pageParams: ['', 'token-2'],
  pages: [
    { query: '', posts: [summary('a'), summary('b')], nextPageToken: 'token-2', totalCount: 3, postCount: 3 },
    { query: '', posts: [summary('c')], nextPageToken: '', totalCount: 3, postCount: 3 },
  ],
});

describe('withoutPost', () => {
  it('drops a deleted post from whichever page holds it and counts one fewer on every page', () => {
    const next = withoutPost(twoPages(), 'c');
    expect(next.pages.map((p) => p.posts.map((post) => post.id))).toEqual([['a', 'b'], []]);
    expect(next.pages.map((p) => [p.totalCount, p.postCount])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    expect(next.pageParams).toEqual(['', 'token-2']);
  });

  it('leaves lists without the post as they are (the same object), and unknown counts unknown', () => {
    const data = twoPages();
    expect(withoutPost(data, 'z')).toBe(data);
    const unknown: AdminPostListData = { pageParams: [''], pages: [{ query: 'b', posts: [summary('b')], nextPageToken: '', totalCount: null, postCount: null }] };
    expect(withoutPost(unknown, 'b').pages[0]).toMatchObject({ posts: [], totalCount: null, postCount: null });
  });
});
