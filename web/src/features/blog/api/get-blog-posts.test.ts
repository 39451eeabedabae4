import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blogPostsQueryKey, getBlogPosts } from './get-blog-posts';

// getBlogPosts requests a same-origin path; here fetch is pointed at a real
// loopback server by resolving that path against the server's address.
let server: Server;
let status = 200;
let body = '[]';
const urls: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    urls.push(req.url ?? '');
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    realFetch(new URL(String(input), base), init),
  );
});

afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('getBlogPosts', () => {
  it('GETs /api/blog-posts?limit=3 and returns the bare array', async () => {
    status = 200;
    body = JSON.stringify([{ id: '1', slug: 's', title: 'T', excerpt: 'E', imageUrl: null, publishedAt: null }]);
    await expect(getBlogPosts({ limit: 3 })).resolves.toHaveLength(1);
    expect(urls.at(-1)).toBe('/api/blog-posts?limit=3');
  });

  it("raises 'Failed to fetch blog posts' on a server error, keeping the cause", async () => {
    status = 500;
    body = '{"message":"database unavailable"}';
    const err = await getBlogPosts({ limit: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('Failed to fetch blog posts');
    expect(((err as Error).cause as Error).message).toBe('500: {"message":"database unavailable"}');
  });
});

describe('getBlogPosts in one language (issue 40)', () => {
  it('asks for one language’s posts, and keys them apart', async () => {
    status = 200;
    body = '[]';
    await expect(getBlogPosts({ limit: 3, language: 'es' })).resolves.toEqual([]);
    expect(urls.at(-1)).toBe('/api/blog-posts?limit=3&language=es');
    expect(blogPostsQueryKey({ limit: 3, language: 'en' })).not.toEqual(blogPostsQueryKey({ limit: 3, language: 'es' }));
    // Without a language the key and the request are what they were.
    expect(blogPostsQueryKey({ limit: 3 })).toEqual(['/api/blog-posts', { limit: 3, language: undefined }]);
  });
});
