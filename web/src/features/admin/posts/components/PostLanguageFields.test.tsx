import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { elements, openTag, texts, visibleText } from '@/testing/html';
import { adminPostListQueryKey, type AdminPost, type AdminPostListData, type AdminPostSummary } from '../api/get-admin-posts';
import { EMPTY_POST_FORM, postToFormValues, type PostFormValues } from '../utils/post-form';
import { PostLanguageFields } from './PostLanguageFields';

// Issue 40: the post form's language, its "Translation of" and, on an
// English post, its Spanish translation.

function Harness({ values, base }: { values: PostFormValues; base: AdminPost | undefined }) {
  const form = useForm<PostFormValues>({ defaultValues: values });
  return <PostLanguageFields form={form} base={base} />;
}

function render(values: PostFormValues, base?: AdminPost, client: QueryClient = createQueryClient()): string {
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/posts/x']}>
        <Harness values={values} base={base} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const EN_ID = '6f1c2d3e-4b5a-4c6d-8e7f-001122334455';
const ES_ID = '0a0b0c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

const english: AdminPost = {
  id: EN_ID,
  slug: 'cipp-pipe-lining-explained',
  title: 'How CIPP Pipe Lining Works',
  excerpt: 'A new pipe inside the old one.',
  content: '<p>Body</p>',
  bodyHtml: '<p>Body</p>',
  imageUrl: '',
  heroImage: { src: '/images/article-default.svg', srcset: '/images/article-default.svg 1200w', width: 1200, height: 630 },
  publishedAt: '2026-05-04T16:00:00Z',
  isPublished: true,
  category: 'Technology',
  readTimeMinutes: 5,
  createdAt: '2026-05-04T16:00:00Z',
  updatedAt: '2026-05-04T16:00:00Z',
  updatedBy: '',
  version: '1',
  autosaved: false,
  seoTitle: '',
  seoDescription: '',
  socialImageUrl: '',
  language: 'en',
  translationOf: '',
  translations: [],
};
const spanishLink = { id: ES_ID, language: 'es', slug: 'como-funciona-el-revestimiento-cipp', title: 'Cómo funciona el CIPP', isPublished: false, publishedAt: '2026-11-20T16:00:00Z' };
const spanish: AdminPost = {
  ...english,
  id: ES_ID,
  slug: spanishLink.slug,
  title: spanishLink.title,
  language: 'es',
  translationOf: EN_ID,
  translations: [{ id: EN_ID, language: 'en', slug: english.slug, title: english.title, isPublished: true, publishedAt: english.publishedAt }],
};

describe('PostLanguageFields', () => {
  it('offers to write the Spanish translation of a stored English post that has none', () => {
    const html = render(postToFormValues(english), english);
    expect(elements(html, 'select')).toHaveLength(1);
    expect(html).toMatch(openTag('option', { value: 'es', lang: 'es' }));
    expect(visibleText(html)).toContain('None yet.');
    expect(html).toMatch(openTag('a', { href: `/admin/posts/new?translationOf=${EN_ID}` }));
    expect(texts(html, 'a')).toContain('Write the Spanish translation');
  });

  it('shows an English post’s translation and its state', () => {
    const html = render(postToFormValues(english), { ...english, translations: [spanishLink] });
    expect(html).toMatch(openTag('a', { href: `/admin/posts/${ES_ID}`, lang: 'es' }));
    expect(texts(html, 'span', { class: 'admin-status admin-status--draft' })).toEqual(['Draft']);
    expect(html).not.toContain('Write the Spanish translation');
  });

  it('names the English post a Spanish one translates, with a way to change or unlink it', () => {
    const html = render(postToFormValues(spanish), spanish);
    expect(html).toMatch(openTag('a', { href: `/admin/posts/${EN_ID}` }));
    expect(visibleText(html)).toContain('“How CIPP Pipe Lining Works”');
    expect(texts(html, 'button')).toEqual(['Change', 'Unlink']);
    expect(html).not.toContain('Write the Spanish translation');
  });

  it('finds English posts by title for a new Spanish post; one translated by another post cannot be chosen', () => {
    const client = createQueryClient();
    const free: AdminPostSummary = { ...english, id: 'c1', title: 'Clay pipe roots', slug: 'clay-pipe-roots', listAt: english.publishedAt } as AdminPostSummary;
    const taken: AdminPostSummary = { ...english, translations: [spanishLink], listAt: english.publishedAt } as AdminPostSummary;
    const data: AdminPostListData = { pageParams: [''], pages: [{ query: '', posts: [free, taken], nextPageToken: '', totalCount: 2, postCount: 3 }] };
    client.setQueryData(adminPostListQueryKey({ query: '', language: 'en', pageSize: 8 }), data);
    const html = render({ ...EMPTY_POST_FORM, language: 'es' }, undefined, client);
    expect(html).toMatch(openTag('input', { type: 'search', placeholder: 'Search English posts by title' }));
    const buttons = elements(html, 'button', { class: 'staff-linkbutton' });
    expect(buttons.map((b) => visibleText(b.inner))).toEqual(['Clay pipe roots', 'How CIPP Pipe Lining Works']);
    expect(buttons.map((b) => /\sdisabled(=|\s|>)/.test(b.open))).toEqual([false, true]);
    expect(visibleText(html)).toContain('Already translated: “Cómo funciona el CIPP”');
  });
});
