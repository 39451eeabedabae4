import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { innerHtmls, visibleText } from '@/testing/html';
import { blogPostsQueryKey, BLOG_PREVIEW_LIMIT } from '../api/get-blog-posts';
import type { BlogPostSummary } from '../types';
import { LatestPosts } from './LatestPosts';

// Server-side rendering in the node environment: no effects run, so the
// component shows exactly the state the query cache holds.
function render(client: QueryClient): string {
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LatestPosts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts: BlogPostSummary[] = [
  {
    id: 'a1',
    slug: 'signs-your-sewer-line-is-failing',
    title: '5 Warning Signs Your Sewer Line Is Failing',
    excerpt: 'Gurgling drains and slow tubs are early hints.',
    imageUrl: '',
    heroImage: { src: '/images/article-default.svg', srcset: '/images/article-default.svg 1200w', width: 1200, height: 630 },
    publishedAt: '2025-03-05T17:00:00Z',
    category: 'Maintenance',
    readTimeMinutes: 6,
  },
  {
    id: 'a2',
    slug: 'cipp-vs-pipe-bursting',
    title: 'CIPP vs Pipe Bursting',
    excerpt: 'Which trenchless method fits your home?',
    imageUrl: '/media/cipp.jpg',
    heroImage: { src: '/media/cipp.jpg', srcset: '/media/cipp.jpg 1200w', width: 1200, height: 630 },
    publishedAt: '2025-01-01T06:30:00Z',
    category: 'Technology',
    readTimeMinutes: 7,
  },
];

describe('LatestPosts', () => {
  it('shows three busy placeholder cards while loading', () => {
    const html = render(createQueryClient());
    expect(html).toContain('aria-busy="true"');
    expect(html.match(/data-testid="post-placeholder"/g)).toHaveLength(BLOG_PREVIEW_LIMIT);
  });

  it('shows each post as a card linking to /blog/{slug} with its formatted date', () => {
    const client = createQueryClient();
    client.setQueryData(blogPostsQueryKey({ limit: BLOG_PREVIEW_LIMIT }), posts);
    const html = render(client);
    expect(html).not.toContain('aria-busy="true"');
    expect(html).toContain('href="/blog/signs-your-sewer-line-is-failing"');
    expect(html).toContain('5 Warning Signs Your Sewer Line Is Failing');
    expect(html).toContain('Gurgling drains and slow tubs are early hints.');
    expect(innerHtmls(html, 'time', { datetime: '2025-03-05T17:00:00Z' })).toEqual(['March 5, 2025']);
    // 06:30 UTC on 1 January is still 31 December in Phoenix.
    expect(html).toContain('December 31, 2024');
    expect(html.match(/<article/g)).toHaveLength(2);
  });

  it('shows a short message when the posts cannot be loaded', async () => {
    const client = createQueryClient();
    const key = blogPostsQueryKey({ limit: BLOG_PREVIEW_LIMIT });
    await client.prefetchQuery({
      queryKey: key,
      queryFn: () => Promise.reject(new Error('Failed to fetch blog posts')),
    });
    // Keep the failed state on mount instead of starting a new fetch.
    client.setQueryDefaults(key, { retryOnMount: false });
    const html = render(client);
    expect(visibleText(html)).toContain("couldn't load the latest articles");
    expect(html).not.toContain('<article');
  });
});
