import { describe, expect, it } from 'vitest';
import type { AdminPostListData, AdminPostSummary } from '../api/get-admin-posts';
import { countText, listedText, readSort, withoutPost } from './post-list';

const summary = (id: string): AdminPostSummary => ({
  id,
  slug: `post-${id}`,
  title: `Post ${id}`,
  excerpt: '',
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

describe('readSort', () => {
  it('takes the orders it knows from the address, anything else is newest first', () => {
    expect(readSort('oldest')).toBe('oldest');
    expect(readSort('title')).toBe('title');
    expect(readSort(null)).toBe('newest');
    expect(readSort('TITLE')).toBe('newest');
  });
});

describe('countText', () => {
  it('says how many posts there are and how many match, for the live region', () => {
    expect(countText(4, 4, '')).toBe('4 posts');
    expect(countText(1, 1, ' ')).toBe('1 post');
    expect(countText(2, 4, 'pipe')).toBe('Showing 2 of 4 posts');
    expect(countText(0, 4, ' sewer ')).toBe('No posts match “sewer”');
  });
});

describe('listedText', () => {
  it('says how much of the list is on screen', () => {
    expect(listedText(50, 130)).toBe('50 of 130 posts listed');
    expect(listedText(130, 130)).toBe('All 130 posts listed');
    expect(listedText(1, 1)).toBe('All 1 post listed');
    expect(listedText(50, null)).toBe('50 posts listed');
  });
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
