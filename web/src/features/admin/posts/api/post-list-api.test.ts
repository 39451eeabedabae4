import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeyToPath } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { adminPostQueryKey } from './get-admin-post';
import { adminPostListQueryKey, listAdminPosts, type AdminPost, type AdminPostListData } from './get-admin-posts';
import { postRevisionsQueryKey } from './get-post-revisions';
import { postDeleted, postSaved, publicPostsQueryKey } from './post-cache';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers the next fetch with a JSON array and these headers; returns the URLs asked for. */
function stubList(body: unknown[], headers: Record<string, string>): string[] {
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementationOnce(async (input) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  return urls;
}

describe('the list’s request', () => {
  it('asks for a page with the search and order, defaults left out, so the key is the request', () => {
    expect(queryKeyToPath(adminPostListQueryKey({}))).toBe('/api/admin/blog-posts?pageSize=50');
    expect(queryKeyToPath(adminPostListQueryKey({ query: '  root   intrusion ', sort: 'title' }))).toBe(
      '/api/admin/blog-posts?pageSize=50&query=root+intrusion&sort=title',
    );
    expect(adminPostListQueryKey({ query: ' ', sort: 'newest' })).toEqual(adminPostListQueryKey({}));
  });

  it('asks for one language’s posts (issue 40), every language by default', () => {
    expect(queryKeyToPath(adminPostListQueryKey({ language: 'es' }))).toBe('/api/admin/blog-posts?pageSize=50&language=es');
    expect(adminPostListQueryKey({ language: '' })).toEqual(adminPostListQueryKey({}));
  });

  it('sends the page token, and reads the next token and both counts from the headers', async () => {
    const urls = stubList([{ id: 'a' }], { 'X-Next-Page-Token': 'next-1', 'X-Total-Count': '3', 'X-Post-Count': '12' });
    const page = await listAdminPosts({ query: 'pipe', sort: 'oldest' }, 'tok/1');
    expect(urls).toEqual(['/api/admin/blog-posts?pageSize=50&query=pipe&sort=oldest&pageToken=tok%2F1']);
    expect(page).toEqual({ query: 'pipe', posts: [{ id: 'a' }], nextPageToken: 'next-1', totalCount: 3, postCount: 12 });
  });

  it('treats missing headers as the last page with unknown counts', async () => {
    stubList([], {});
    await expect(listAdminPosts({}, '')).resolves.toEqual({ query: '', posts: [], nextPageToken: '', totalCount: null, postCount: null });
  });
});

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-001122334455';
const OTHER = '0a0b0c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const listData = (...ids: string[]): AdminPostListData => ({
  pageParams: [''],
  pages: [{ query: '', posts: ids.map((id) => ({ id, slug: id, title: id }) as never), nextPageToken: '', totalCount: ids.length, postCount: ids.length }],
});

/** A cache holding two lists (two searches), two posts and their revisions, and a public read. */
function filledCache() {
  const client = createQueryClient();
  const lists = [adminPostListQueryKey({}), adminPostListQueryKey({ query: 'roots', sort: 'title' })];
  for (const key of lists) client.setQueryData(key, listData(ID, OTHER));
  client.setQueryData(adminPostQueryKey(ID), { id: ID, title: 'Old' } as AdminPost);
  client.setQueryData(adminPostQueryKey(OTHER), { id: OTHER } as AdminPost);
  client.setQueryData(postRevisionsQueryKey(ID), []);
  client.setQueryData(postRevisionsQueryKey(OTHER), []);
  client.setQueryData([...publicPostsQueryKey, { limit: 3 }], []);
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, lists, invalidated };
}

describe('the cache after a write', () => {
  it('a save: every list is read again; the post is the saved one; other posts and their revisions are untouched', async () => {
    const { client, lists, invalidated } = filledCache();
    await postSaved(client, { id: ID, title: 'New' } as AdminPost);
    expect(lists.map(invalidated)).toEqual([true, true]);
    expect(client.getQueryData(adminPostQueryKey(ID))).toEqual({ id: ID, title: 'New' });
    expect(invalidated(adminPostQueryKey(ID))).toBe(false);
    expect(invalidated(postRevisionsQueryKey(ID))).toBe(true);
    expect(invalidated(adminPostQueryKey(OTHER))).toBe(false);
    expect(invalidated(postRevisionsQueryKey(OTHER))).toBe(false);
    expect(invalidated([...publicPostsQueryKey, { limit: 3 }])).toBe(true);
  });

  it('a delete: every list drops the post at once and is read again; the other post stays', async () => {
    const { client, lists, invalidated } = filledCache();
    await postDeleted(client, ID);
    for (const key of lists) {
      const data = client.getQueryData<AdminPostListData>(key);
      expect(data?.pages[0]?.posts.map((p) => p.id)).toEqual([OTHER]);
      expect(data?.pages[0]?.postCount).toBe(1);
    }
    expect(lists.map(invalidated)).toEqual([true, true]);
    expect(client.getQueryData(adminPostQueryKey(ID))).toBeUndefined();
    expect(client.getQueryData(postRevisionsQueryKey(ID))).toBeUndefined();
    expect(client.getQueryData(adminPostQueryKey(OTHER))).toEqual({ id: OTHER });
    expect(invalidated(adminPostQueryKey(OTHER))).toBe(false);
  });
});
