import { afterEach, describe, expect, it, vi } from 'vitest';
import { blogPostQueryKey, getBlogPost } from './get-blog-post';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('getBlogPost', () => {
  it('GETs /api/blog-posts/{slug} under the list key', async () => {
    const fetch = answer(200, { slug: 'a', title: 'A' });
    await expect(getBlogPost('a')).resolves.toMatchObject({ title: 'A' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/blog-posts/a');
    expect(blogPostQueryKey('a')).toEqual(['/api/blog-posts', 'a']);
  });

  it('is null for an unknown or unpublished slug (404) and for an empty answer', async () => {
    answer(404, { message: 'Not found' });
    await expect(getBlogPost('nope')).resolves.toBeNull();
    answer(200, {});
    await expect(getBlogPost('empty')).resolves.toBeNull();
  });

  it('throws on other failures', async () => {
    answer(503, { message: 'down' });
    await expect(getBlogPost('a')).rejects.toThrow('503: {"message":"down"}');
  });
});
