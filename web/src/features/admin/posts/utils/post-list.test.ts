import { describe, expect, it } from 'vitest';
import type { AdminPost } from '../api/get-admin-posts';
import { countText, filterAndSortPosts } from './post-list';

const post = (title: string, publishedAt: string): AdminPost => ({
  id: title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  excerpt: '',
  content: '',
  bodyHtml: '',
  version: '1',
  autosaved: false,
  imageUrl: '',
  heroImage: { src: '/images/article-default.svg', srcset: '/images/article-default.svg 1200w', width: 1200, height: 630 },
  publishedAt,
  isPublished: true,
  category: 'Prevention',
  readTimeMinutes: 1,
  seoTitle: '',
  seoDescription: '',
  socialImageUrl: '',
  createdAt: publishedAt,
  updatedAt: publishedAt,
  updatedBy: '',
});

const posts = [
  post('Orangeburg Pipe Guide', '2026-05-21T16:00:00Z'),
  post('Monsoon Season Drain Care', '2026-07-01T16:00:00Z'),
  post('CIPP Lining Explained', '2025-11-02T16:00:00Z'),
  post('Señor Pipe’s Café Drains', '2030-01-01T16:00:00Z'),
];

const titles = (list: AdminPost[]) => list.map((p) => p.title);

describe('filterAndSortPosts', () => {
  it('lists newest first by publish date by default, scheduled ones on top', () => {
    expect(titles(filterAndSortPosts(posts, '', 'newest'))).toEqual([
      'Señor Pipe’s Café Drains',
      'Monsoon Season Drain Care',
      'Orangeburg Pipe Guide',
      'CIPP Lining Explained',
    ]);
    expect(titles(filterAndSortPosts(posts, '', 'oldest'))[0]).toBe('CIPP Lining Explained');
    expect(titles(filterAndSortPosts(posts, '', 'title'))).toEqual([
      'CIPP Lining Explained',
      'Monsoon Season Drain Care',
      'Orangeburg Pipe Guide',
      'Señor Pipe’s Café Drains',
    ]);
  });

  it('finds titles containing every word typed, in any case and without accents', () => {
    expect(titles(filterAndSortPosts(posts, 'pipe', 'newest'))).toEqual(['Señor Pipe’s Café Drains', 'Orangeburg Pipe Guide']);
    expect(titles(filterAndSortPosts(posts, '  DRAIN   monsoon ', 'newest'))).toEqual(['Monsoon Season Drain Care']);
    expect(titles(filterAndSortPosts(posts, 'cafe', 'newest'))).toEqual(['Señor Pipe’s Café Drains']);
    expect(filterAndSortPosts(posts, 'sewer', 'newest')).toEqual([]);
  });

  it('orders a draft by when it was last saved, not by its stored publish time (its creation time)', () => {
    const now = new Date('2026-11-23T18:00:00Z');
    const draft = { ...post('Old draft, saved today', '2025-01-01T16:00:00Z'), isPublished: false, updatedAt: '2026-11-23T17:00:00Z' };
    expect(titles(filterAndSortPosts([...posts, draft], '', 'newest', now)).slice(0, 2)).toEqual([
      'Señor Pipe’s Café Drains',
      'Old draft, saved today',
    ]);
    expect(titles(filterAndSortPosts([...posts, draft], '', 'oldest', now))[0]).toBe('CIPP Lining Explained');
  });

  it('leaves the list it was given alone', () => {
    const before = titles(posts);
    filterAndSortPosts(posts, '', 'title');
    expect(titles(posts)).toEqual(before);
  });
});

describe('countText', () => {
  it('says how many posts are shown, for the live region', () => {
    expect(countText(4, 4, '')).toBe('4 posts');
    expect(countText(1, 1, ' ')).toBe('1 post');
    expect(countText(2, 4, 'pipe')).toBe('Showing 2 of 4 posts');
    expect(countText(0, 4, ' sewer ')).toBe('No posts match “sewer”');
  });
});
