import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { elements, openTag, texts, visibleText } from '@/testing/html';
import { RoleProvider } from '../../shell/access';
import { adminPostListQueryKey, type AdminPostListData, type AdminPostSummary } from '../api/get-admin-posts';
import { PostList } from './PostList';

// Issue 40: the list shows each post's language and its other-language
// version, and keeps one language when the address says so (?lang=).

const summary = (id: string, language: 'en' | 'es', title: string, translations: AdminPostSummary['translations']): AdminPostSummary => ({
  id,
  slug: title.toLowerCase().replace(/[^a-z]+/g, '-'),
  title,
  excerpt: '',
  imageUrl: '',
  publishedAt: '2026-05-04T16:00:00Z',
  isPublished: true,
  category: 'Technology',
  createdAt: '2026-05-04T16:00:00Z',
  updatedAt: '2026-05-04T16:00:00Z',
  updatedBy: '',
  version: '1',
  autosaved: false,
  listAt: '2026-05-04T16:00:00Z',
  language,
  translationOf: '',
  translations,
});

const original = summary('en-1', 'en', 'How CIPP Works', [
  { id: 'es-1', language: 'es', slug: 'como-funciona', title: 'Cómo funciona', isPublished: false, publishedAt: '2026-11-20T16:00:00Z' },
]);
const untranslated = summary('en-2', 'en', 'Clay Pipe Roots', []);
const translation = {
  ...summary('es-1', 'es', 'Cómo funciona', [{ id: 'en-1', language: 'en', slug: 'how-cipp-works', title: 'How CIPP Works', isPublished: true, publishedAt: '2026-05-04T16:00:00Z' }]),
  translationOf: 'en-1',
};

function render(path: string, posts: AdminPostSummary[], params: Parameters<typeof adminPostListQueryKey>[0], role = 'editor'): string {
  const client = createQueryClient();
  const data: AdminPostListData = { pageParams: [''], pages: [{ query: '', posts, nextPageToken: '', totalCount: posts.length, postCount: 3 }] };
  client.setQueryData(adminPostListQueryKey(params), data);
  return renderToString(
    <QueryClientProvider client={client}>
      <RoleProvider value={role}>
        <MemoryRouter initialEntries={[path]}>
          <PostList />
        </MemoryRouter>
      </RoleProvider>
    </QueryClientProvider>,
  );
}

describe('PostList languages', () => {
  it('shows each post’s language, its translation’s state, or a way to write one', () => {
    const html = render('/admin/posts', [original, untranslated, translation], {});
    expect(texts(html, 'th')).toContain('Language');
    expect(elements(html, 'span', { class: 'post-language-badge post-language-badge--en' })).toHaveLength(2);
    expect(elements(html, 'span', { class: 'post-language-badge post-language-badge--es' })).toHaveLength(1);
    expect(html).toMatch(openTag('a', { href: '/admin/posts/es-1', lang: 'es' }));
    expect(html).toMatch(openTag('a', { href: '/admin/posts/new?translationOf=en-2' }));
    expect(visibleText(html)).toContain('Translates “How CIPP Works”');
    // A Spanish post's address is under /es.
    expect(visibleText(html)).toContain('/es/blog/c-mo-funciona');
  });

  it('keeps the language the address names, and says so in the count', () => {
    const html = render('/admin/posts?lang=es', [translation], { language: 'es' });
    expect(html).toMatch(openTag('option', { value: 'es', selected: true }));
    expect(texts(html, 'p', { role: 'status' })).toContain('Showing 1 Spanish post of 3 posts');
  });

  it('offers no translation to write to a role that only reads posts', () => {
    const html = render('/admin/posts', [untranslated], {}, 'sales');
    expect(html).not.toContain('translationOf=');
    expect(visibleText(html)).toContain('No Spanish yet');
  });
});
