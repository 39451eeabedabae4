import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '@/i18n/catalog';
import { createQueryClient } from '@/lib/query-client';
import { elements, innerHtmls, openTag, visibleText } from '@/testing/html';
import { blogPostsQueryKey, BLOG_PREVIEW_LIMIT } from '../api/get-blog-posts';
import type { BlogPostSummary } from '../types';
import { LatestPosts } from './LatestPosts';

// Server-side rendering in the node environment: no effects run, so the
// component shows exactly the state the query cache holds. `path` is the
// page's address: the home page (/) or its Spanish twin (/es/).
function render(client: QueryClient, path = '/'): string {
  return renderToString(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <LatestPosts />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
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
    language: 'en',
    translations: [],
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
    language: 'en',
    translations: [],
  },
];

/** The list's key on a page in `language`: the posts written in it (issue 40). */
const listKey = (language: 'en' | 'es') => blogPostsQueryKey({ limit: BLOG_PREVIEW_LIMIT, language });

describe('LatestPosts', () => {
  it('shows three busy placeholder cards while loading', () => {
    const html = render(createQueryClient());
    expect(html).toContain('aria-busy="true"');
    expect(html.match(/data-testid="post-placeholder"/g)).toHaveLength(BLOG_PREVIEW_LIMIT);
  });

  it('shows each post as a card linking to /blog/{slug} with its formatted date', () => {
    const client = createQueryClient();
    client.setQueryData(listKey('en'), posts);
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
    const key = listKey('en');
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

describe('LatestPosts on the Spanish home page (issue 40)', () => {
  afterAll(() => activateLocale('en'));

  it('dates the cards in Spanish, keeps the English articles’ addresses and marks their words English', async () => {
    await activateLocale('es');
    const client = createQueryClient();
    // No Spanish post yet: the newest English ones stand in, marked as English.
    client.setQueryData(listKey('es'), []);
    client.setQueryData(listKey('en'), posts);
    const html = render(client, '/es/');
    expect(innerHtmls(html, 'time', { datetime: '2025-03-05T17:00:00Z' })).toEqual(['5 de marzo de 2025']);
    // Still the day before in Phoenix.
    expect(html).toContain('31 de diciembre de 2024');
    // Articles are English only: their address has no /es (localizePath leaves /blog/<slug> alone).
    expect(html).toContain('href="/blog/signs-your-sewer-line-is-failing"');
    expect(html).not.toContain('href="/es/blog/');
    expect(elements(html, 'h3', { lang: 'en' })).toHaveLength(2);
    expect(elements(html, 'p', { class: 'card__text', lang: 'en' })).toHaveLength(2);
  });

  it('says it is loading, or that it failed, in Spanish', async () => {
    await activateLocale('es');
    expect(visibleText(render(createQueryClient(), '/es/'))).toContain('Cargando los artículos más recientes…');
    const client = createQueryClient();
    const key = listKey('es');
    await client.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(new Error('down')) });
    client.setQueryDefaults(key, { retryOnMount: false });
    expect(visibleText(render(client, '/es/'))).toContain('No pudimos cargar los artículos más recientes');
  });

  it('shows the English home page’s cards without a lang of their own', async () => {
    await activateLocale('en');
    const client = createQueryClient();
    client.setQueryData(listKey('en'), posts);
    const html = render(client);
    expect(html).not.toContain('lang=');
    expect(html).toContain('March 5, 2025');
  });
});

// Issue 40: /resources and the home page list the posts written in the
// page's language, each linking to its own language's address.
const summary = (slug: string, language: 'en' | 'es', title: string): BlogPostSummary => ({
  id: slug,
  slug,
  title,
  excerpt: `${title}.`,
  imageUrl: '',
  heroImage: { src: '/images/article-default.svg', srcset: '/images/article-default.svg 1200w', width: 1200, height: 630 },
  publishedAt: '2026-11-20T16:00:00Z',
  category: 'Technology',
  readTimeMinutes: 5,
  language,
  translations: [],
});

const spanish = summary('como-funciona-el-revestimiento-cipp', 'es', 'Cómo funciona el revestimiento CIPP');
const english = summary('cipp-pipe-lining-explained', 'en', 'How CIPP Pipe Lining Works');

describe('LatestPosts in the page’s language (issue 40)', () => {
  afterAll(() => activateLocale('en'));

  it('lists Spanish posts on a Spanish page at their /es/blog/ address, in the page’s language', async () => {
    await activateLocale('es');
    const client = createQueryClient();
    client.setQueryData(listKey('es'), [spanish]);
    // (An English answer in the cache is not shown while Spanish posts exist.)
    client.setQueryData(listKey('en'), [english]);
    const html = render(client, '/es/resources');
    expect(html).toMatch(openTag('a', { href: '/es/blog/como-funciona-el-revestimiento-cipp' }));
    expect(html).not.toContain('cipp-pipe-lining-explained');
    expect(elements(html, 'h3', { lang: 'en' })).toHaveLength(0);
    expect(visibleText(html)).not.toContain('(en inglés)');
  });

  it('shows the English posts, marked as English, on a Spanish page while there is no Spanish post', async () => {
    await activateLocale('es');
    const client = createQueryClient();
    client.setQueryData(listKey('es'), []);
    client.setQueryData(listKey('en'), [english]);
    const html = render(client, '/es/resources');
    // A plain link to the English page (loaded in full, with its own messages), said to be in English.
    expect(html).toMatch(openTag('a', { href: '/blog/cipp-pipe-lining-explained', hreflang: 'en' }));
    expect(elements(html, 'h3', { lang: 'en' })).toHaveLength(1);
    expect(elements(html, 'span', { class: 'card__language', lang: 'es' })).toHaveLength(1);
    expect(visibleText(html)).toContain('How CIPP Pipe Lining Works (en inglés)');
  });

  it('waits for the English posts once the Spanish list is empty', async () => {
    await activateLocale('es');
    const client = createQueryClient();
    client.setQueryData(listKey('es'), []);
    const html = render(client, '/es/');
    expect(html).toContain('aria-busy="true"');
  });

  it('lists only English posts on an English page', async () => {
    await activateLocale('en');
    const client = createQueryClient();
    client.setQueryData(listKey('en'), [english]);
    client.setQueryData(listKey('es'), [spanish]);
    const html = render(client, '/resources');
    expect(html).toMatch(openTag('a', { href: '/blog/cipp-pipe-lining-explained' }));
    expect(html).not.toContain('/es/blog/');
    expect(html).not.toContain('lang=');
  });
});
