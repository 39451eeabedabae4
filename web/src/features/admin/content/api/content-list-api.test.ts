import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeyToPath } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { contentDeleted, contentSaved } from './content-cache';
import {
  adminContentItemQueryKey,
  adminContentItemQueryOptions,
  adminContentListQueryKey,
  getAdminContentItem,
  listAdminContent,
  listedContentItem,
  type AdminContentListData,
} from './get-admin-content';
import { editableContentKey, editableContentQueryKey, type EditableContent } from './list-editable-content';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers the next fetch with `body` and `status`; returns the URLs asked for. */
function stub(body: unknown, status = 200): string[] {
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementationOnce(async (input) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return urls;
}

const text = (contentKey: string, version = '1', category = 'services'): EditableContent =>
  ({ contentKey, content: `<p>${contentKey}</p>`, contentType: 'html', category, description: '', version }) as EditableContent;

describe('the list’s request', () => {
  it('asks for a page with the search and category, defaults left out, so the key is the request', () => {
    expect(queryKeyToPath(adminContentListQueryKey({}))).toBe('/api/admin/editable-content?pageSize=100');
    expect(queryKeyToPath(adminContentListQueryKey({ query: '  camera   inspection ', category: 'services' }))).toBe(
      '/api/admin/editable-content?pageSize=100&query=camera+inspection&category=services',
    );
    expect(adminContentListQueryKey({ query: ' ', category: '' })).toEqual(adminContentListQueryKey({}));
  });

  it('sends the page token and reads the items, the next token and the counts', async () => {
    const urls = stub({ items: [text('a')], nextPageToken: 'next-1', totalSize: 3, itemCount: 2053, missingTranslationCount: 7 });
    const page = await listAdminContent({ query: 'pipe', category: 'about' }, 'tok/1');
    expect(urls).toEqual(['/api/admin/editable-content?pageSize=100&query=pipe&category=about&pageToken=tok%2F1']);
    expect(page).toEqual({
      query: 'pipe',
      category: 'about',
      missing: false,
      items: [text('a')],
      nextPageToken: 'next-1',
      totalSize: 3,
      itemCount: 2053,
      missingTranslationCount: 7,
    });
  });

  it('asks for a Spanish search and for the texts missing their Spanish (issue 40)', async () => {
    expect(queryKeyToPath(adminContentListQueryKey({ query: 'tubería', locale: 'es', missing: true }))).toBe(
      '/api/admin/editable-content?pageSize=100&query=tuber%C3%ADa&locale=es&missingTranslation=true',
    );
    // The language matters only to a search: without one, both languages' lists are one request.
    expect(adminContentListQueryKey({ locale: 'es' })).toEqual(adminContentListQueryKey({}));
    expect(adminContentListQueryKey({ locale: 'en', query: 'x' })).toEqual(adminContentListQueryKey({ query: 'x' }));
    stub({ items: [], totalSize: 0, itemCount: 53, missingTranslationCount: 0 });
    await expect(listAdminContent({ missing: true }, '')).resolves.toMatchObject({ missing: true, missingTranslationCount: 0 });
  });

  it('reads a page with fields left out as the last, empty one', async () => {
    stub({});
    await expect(listAdminContent({}, '')).resolves.toEqual({
      query: '',
      category: '',
      missing: false,
      items: [],
      nextPageToken: '',
      totalSize: 0,
      itemCount: 0,
      missingTranslationCount: 0,
    });
  });

  it('passes the server’s reason for a page that is no longer available', async () => {
    const message = 'That page of the list is no longer available. Start again from the first page.';
    stub({ message }, 400);
    await expect(listAdminContent({}, 'old')).rejects.toThrow(message);
  });

  it('reads one text by its key, encoded', async () => {
    const urls = stub(text('hero.title'));
    await expect(getAdminContentItem('hero.title')).resolves.toEqual(text('hero.title'));
    stub({ message: 'not found' }, 404);
    await expect(getAdminContentItem('a b')).rejects.toMatchObject({ status: 404 });
    expect(urls).toEqual(['/api/admin/editable-content/hero.title']);
  });
});

const listData = (...items: EditableContent[]): AdminContentListData => ({
  pageParams: [''],
  pages: [
    {
      query: '',
      category: '',
      missing: false,
      items,
      nextPageToken: '',
      totalSize: items.length,
      itemCount: items.length,
      missingTranslationCount: items.filter((i) => i.contentEs === undefined).length,
    },
  ],
});

/** A cache holding two lists (a search and a category), two texts and the public list. */
function filledCache() {
  const client = createQueryClient();
  const lists = [adminContentListQueryKey({}), adminContentListQueryKey({ query: 'pipe', category: 'services' })];
  for (const key of lists) client.setQueryData(key, listData(text('a.one', '2'), text('b.two')));
  client.setQueryData(adminContentItemQueryKey('a.one'), text('a.one', '2'));
  client.setQueryData(adminContentItemQueryKey('b.two'), text('b.two'));
  client.setQueryData(editableContentQueryKey, [text('a.one', '2'), text('b.two')]);
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, lists, invalidated };
}

describe('the cache after a write', () => {
  it('a save: lists and the public list show it at once and are read again; the text is the saved one; the other is untouched', async () => {
    const { client, lists, invalidated } = filledCache();
    const saved = { ...text('a.one', '3'), content: '<p>New</p>' };
    await contentSaved(client, saved);
    for (const key of lists) expect(client.getQueryData<AdminContentListData>(key)?.pages[0]?.items[0]).toEqual(saved);
    expect(lists.map(invalidated)).toEqual([true, true]);
    expect(client.getQueryData(adminContentItemQueryKey('a.one'))).toEqual(saved);
    expect(invalidated(adminContentItemQueryKey('a.one'))).toBe(false);
    expect(invalidated(adminContentItemQueryKey('b.two'))).toBe(false);
    expect(client.getQueryData<EditableContent[]>(editableContentQueryKey)?.find((i) => i.contentKey === 'a.one')).toEqual(saved);
    expect(invalidated(editableContentQueryKey)).toBe(true);
  });

  it('a save never puts an older version over a newer one', async () => {
    const { client, lists } = filledCache();
    await contentSaved(client, text('a.one', '1'));
    expect(client.getQueryData<AdminContentListData>(lists[0]!)?.pages[0]?.items[0]?.version).toBe('2');
    expect(client.getQueryData<EditableContent[]>(editableContentQueryKey)?.find((i) => i.contentKey === 'a.one')?.version).toBe('2');
  });

  it('a create: the new text is in the public list; the lists are read again to place it', async () => {
    const { client, lists, invalidated } = filledCache();
    await contentSaved(client, text('c.new'));
    expect(client.getQueryData<EditableContent[]>(editableContentQueryKey)?.map((i) => i.contentKey)).toEqual(['a.one', 'b.two', 'c.new']);
    expect(lists.map(invalidated)).toEqual([true, true]);
  });

  it('a delete: every list drops it at once, counting one fewer, and is read again; so is the public list', async () => {
    const { client, lists, invalidated } = filledCache();
    await contentDeleted(client, 'a.one');
    for (const key of lists) {
      const page = client.getQueryData<AdminContentListData>(key)?.pages[0];
      expect(page?.items.map((i) => i.contentKey)).toEqual(['b.two']);
      expect([page?.totalSize, page?.itemCount]).toEqual([1, 1]);
    }
    expect(lists.map(invalidated)).toEqual([true, true]);
    expect(client.getQueryData(adminContentItemQueryKey('a.one'))).toBeUndefined();
    expect(client.getQueryData(adminContentItemQueryKey('b.two'))).toEqual(text('b.two'));
    expect(client.getQueryData<EditableContent[]>(editableContentQueryKey)?.map((i) => i.contentKey)).toEqual(['b.two']);
    expect(invalidated(editableContentQueryKey)).toBe(true);
  });

  it('a read of one text replaces an older copy in the loaded lists', async () => {
    const { client, lists } = filledCache();
    stub({ ...text('b.two', '5'), content: '<p>Newer</p>' });
    await client.fetchQuery({ ...adminContentItemQueryOptions(client, 'b.two'), staleTime: 0 });
    for (const key of lists) expect(client.getQueryData<AdminContentListData>(key)?.pages[0]?.items[1]?.content).toBe('<p>Newer</p>');
  });

  it('a save shows in the Spanish list as a Spanish page shows it, and both lists are read again (issue 40)', async () => {
    const { client, invalidated } = filledCache();
    const esKey = editableContentKey('es');
    client.setQueryData<EditableContent[]>(esKey, [
      { ...text('a.one', '1'), content: '<p>uno</p>', locale: 'es' },
      { ...text('b.two', '0'), locale: 'en', fallback: true },
    ]);
    const translated = { ...text('b.two', '1'), contentEs: '<p>dos</p>', versionEs: '1', updatedAtEs: '2026-11-28T10:00:00Z', updatedByEs: 'ana@x.example' };
    await contentSaved(client, translated);
    const spanish = client.getQueryData<EditableContent[]>(esKey)?.find((i) => i.contentKey === 'b.two');
    expect(spanish).toMatchObject({ content: '<p>dos</p>', version: '1', locale: 'es', fallback: false, updatedBy: 'ana@x.example' });
    expect(client.getQueryData<EditableContent[]>(editableContentQueryKey)?.find((i) => i.contentKey === 'b.two')?.content).toBe('<p>b.two</p>');
    expect(invalidated(esKey)).toBe(true);
    expect(invalidated(editableContentQueryKey)).toBe(true);

    // An English save of a text without Spanish shows its new English as the Spanish fallback.
    await contentSaved(client, { ...text('c.three', '2'), content: '<p>Three</p>' });
    expect(client.getQueryData<EditableContent[]>(esKey)?.find((i) => i.contentKey === 'c.three')).toMatchObject({
      content: '<p>Three</p>',
      fallback: true,
      version: '0',
    });
    await contentDeleted(client, 'a.one');
    expect(client.getQueryData<EditableContent[]>(esKey)?.map((i) => i.contentKey)).toEqual(['b.two', 'c.three']);
  });

  it('a delete of a text without Spanish counts one missing fewer', async () => {
    const { client, lists } = filledCache();
    expect(client.getQueryData<AdminContentListData>(lists[0]!)?.pages[0]?.missingTranslationCount).toBe(2);
    await contentDeleted(client, 'a.one');
    expect(client.getQueryData<AdminContentListData>(lists[0]!)?.pages[0]?.missingTranslationCount).toBe(1);
  });

  it('finds a text in a loaded list to show while it is read', () => {
    const { client } = filledCache();
    expect(listedContentItem(client, 'b.two')).toEqual(text('b.two'));
    expect(listedContentItem(client, 'zz')).toBeUndefined();
  });
});
