import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, elements, texts, visibleText } from '@/testing/html';
import { RoleProvider } from '../../shell/access';
import { adminContentListQueryKey, type AdminContentListData, type AdminContentListParams } from '../api/get-admin-content';
import type { EditableContent } from '../api/list-editable-content';
import { ContentEditForm } from './ContentEditForm';
import { ContentList } from './ContentList';

// The leave-page guard needs the browser's history; a server render has none.
vi.mock('@/components/staff/use-unsaved-changes', () => ({ useUnsavedChanges: () => ({ prompt: null, release: () => {} }) }));
// The rich-text editor runs in a browser only: a stand-in showing its value.
vi.mock('@/components/staff/rich-text-editor', () => ({
  EDITOR_HEIGHT: { block: 400, inline: 200 },
  RichTextEditor: ({ id, value }: { id: string; value: string }) => <div id={id} data-editor="" data-value={value} />,
}));

const at = '2026-11-28T10:00:00Z';

const item = (contentKey: string, content: string, spanish?: string): EditableContent =>
  ({
    id: contentKey,
    contentKey,
    content,
    contentType: 'html',
    category: 'homepage',
    description: `Where ${contentKey} shows`,
    createdAt: at,
    updatedAt: at,
    updatedBy: '',
    version: '3',
    locale: 'en',
    fallback: false,
    ...(spanish === undefined ? {} : { contentEs: spanish, versionEs: '2', updatedAtEs: '2026-11-27T09:00:00Z', updatedByEs: 'ana@x.example' }),
  }) as EditableContent;

const TRANSLATED = item('hero.subtitle', '<p>Sewer repair without a trench</p>', '<p>Reparación sin zanjas</p>');
const MISSING = item('promo.intro', '<p>Spring special</p>');

function render(node: ReactNode, url: string, setup: (client: ReturnType<typeof createQueryClient>) => void = () => {}) {
  const client = createQueryClient();
  setup(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <RoleProvider value="editor">
        <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
      </RoleProvider>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** The list at `url` with its first page (for those params) already read. */
function list(url: string, params: AdminContentListParams, items: EditableContent[], missingTranslationCount: number) {
  return render(<ContentList />, url, (client) =>
    client.setQueryData<AdminContentListData>(adminContentListQueryKey(params), {
      pageParams: [''],
      pages: [
        {
          query: params.query ?? '',
          category: params.category ?? '',
          missing: params.missing ?? false,
          items,
          nextPageToken: '',
          totalSize: items.length,
          itemCount: 53,
          missingTranslationCount,
        },
      ],
    }),
  );
}

const row = (html: string, key: string) => elements(html, 'li', { 'data-content-key': key })[0]!.outer;

describe('the Site Content tab in two languages (issue 40)', () => {
  it('English: a language filter, the missing-Spanish filter with its count, and each text without Spanish marked', () => {
    const html = list('/admin/content', {}, [TRANSLATED, MISSING], 1);
    const language = elements(html, 'select').find((s) => s.inner.includes('Spanish (Español)'))!;
    expect(texts(language.outer, 'option')).toEqual(['English', 'Spanish (Español)']);
    const missing = elements(html, 'label').find((l) => l.inner.includes('Missing Spanish only'))!;
    expect(visibleText(missing.inner)).toBe('Missing Spanish only 1 (1 text has no Spanish yet)');
    expect(texts(html, 'p', { role: 'status' }), 'the count line is as it was').toEqual(['53 texts']);
    expect(visibleText(row(html, 'promo.intro'))).toContain('No Spanish');
    expect(visibleText(row(html, 'hero.subtitle'))).not.toContain('No Spanish');
    expect(visibleText(row(html, 'hero.subtitle'))).toContain('Sewer repair without a trench');
    expect(attrOf(elements(row(html, 'hero.subtitle'), 'a')[0]!.open, 'href')).toBe('/admin/content/edit/hero.subtitle');
  });

  it('Spanish: each text’s Spanish and its last change, or its English marked as the fallback, with a Translate link', () => {
    const html = list('/admin/content?lang=es', { locale: 'es' }, [TRANSLATED, MISSING], 1);
    const translated = row(html, 'hero.subtitle');
    expect(visibleText(translated)).toContain('Reparación sin zanjas');
    expect(visibleText(translated)).not.toContain('Sewer repair');
    expect(attrOf(elements(translated, 'time')[0]!.open, 'datetime')).toBe('2026-11-27T09:00:00Z');
    expect(attrOf(elements(translated, 'a')[0]!.open, 'href')).toBe('/admin/content/edit/hero.subtitle?lang=es');
    const missing = row(html, 'promo.intro');
    expect(visibleText(missing)).toContain('Falls back to English');
    expect(visibleText(missing)).toContain('Spring special');
    expect(texts(missing, 'a')[0]).toBe('Translate promo.intro');
  });

  it('only the texts missing Spanish, and when none is', () => {
    const html = list('/admin/content?missing=1', { missing: true }, [MISSING], 1);
    expect(elements(html, 'input', { type: 'checkbox', checked: '' })).toHaveLength(1);
    expect(visibleText(html)).toContain('Showing 1 of 53 texts');
    const none = list('/admin/content?missing=1&lang=es', { missing: true, locale: 'es' }, [], 0);
    expect(visibleText(none)).toContain('Every text has its Spanish.');
    expect(texts(none, 'button')).toContain('Show every text');
  });

  it('the Spanish form: the Spanish text alone, the English beside it, the fallback said with a way to start from the English', () => {
    const html = render(<ContentEditForm item={MISSING} locale="es" deleted={false} />, '/admin/content/edit/promo.intro?lang=es');
    expect(texts(html, 'h1')).toEqual(['Edit Spanish text']);
    expect(visibleText(html)).toContain('English text, for reference');
    expect(elements(html, 'div', { lang: 'en' })[0]?.inner).toBe('<p>Spring special</p>');
    expect(visibleText(html)).toContain('Falls back to English.');
    expect(texts(html, 'button')).toContain('Start from the English text');
    expect(visibleText(html)).toContain('Spanish text');
    expect(elements(html, 'select'), 'category is the English form’s').toHaveLength(0);
    expect(visibleText(html)).toContain('Edit the English text');
    expect(attrOf(elements(html, 'div', { 'data-editor': '' })[0]!.open, 'data-value'), 'no Spanish yet: an empty field').toBe('');

    const es = render(<ContentEditForm item={TRANSLATED} locale="es" deleted={false} />, '/admin/content/edit/hero.subtitle?lang=es');
    expect(visibleText(es)).not.toContain('Falls back to English');
    expect(visibleText(es)).toContain('Spanish last updated');
    expect(attrOf(elements(es, 'div', { 'data-editor': '' })[0]!.open, 'data-value')).toBe('<p>Reparación sin zanjas</p>');

    const en = render(<ContentEditForm item={MISSING} deleted={false} />, '/admin/content/edit/promo.intro');
    expect(texts(en, 'h1')).toEqual(['Edit content']);
    expect(visibleText(en)).toContain('Add the Spanish text');
    expect(elements(en, 'select')).toHaveLength(1);
  });
});
