import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, getQueryFn, queryKeyToPath } from './api-client';
import { createQueryClient } from './query-client';

type Received = { method: string; url: string; contentType: string | null; body: string };

// A real HTTP server on a free loopback port; each route answers one case.
let server: Server;
let base: string;
const received: Received[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const record: Received = {
      method: req.method ?? '',
      url: req.url ?? '',
      contentType: req.headers['content-type'] ?? null,
      body,
    };
    received.push(record);
    const path = (req.url ?? '').split('?')[0];
    switch (path) {
      case '/api/user':
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Not signed in', code: 'unauthenticated', details: [] }));
        return;
      case '/boom':
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('boom');
        return;
      case '/empty-error':
        res.writeHead(503, 'Gateway Napping');
        res.end();
        return;
      case '/validation-error':
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Please enter a valid email', code: 'invalid_argument', details: [] }));
        return;
      case '/api/blog-posts':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify([{ id: '1', slug: 'cipp-lining-101', title: 'CIPP Lining 101' }]));
        return;
      case '/echo':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(record));
        return;
      default:
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('no such route');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

afterEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});

/** Every RequestInit handed to fetch, while the real fetch still runs. */
function spyOnFetchInits(): RequestInit[] {
  const inits: RequestInit[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    inits.push(init ?? {});
    return realFetch(input, init);
  });
  return inits;
}

describe('getQueryFn', () => {
  it('resolves a 401 to null with on401 returnNull (current-user lookup)', async () => {
    const client = createQueryClient();
    const user = await client.fetchQuery({
      queryKey: [`${base}/api/user`],
      queryFn: getQueryFn<{ id: string }>({ on401: 'returnNull' }),
    });
    expect(user).toBeNull();
    expect(received.map((r) => r.url)).toEqual(['/api/user']);
  });

  it('throws on a 401 with on401 throw, which is the default query function', async () => {
    const client = createQueryClient();
    const attempt = client.fetchQuery({ queryKey: [`${base}/api/user`] });
    await expect(attempt).rejects.toHaveProperty(
      'message',
      '401: {"message":"Not signed in","code":"unauthenticated","details":[]}',
    );
    expect(received).toHaveLength(1); // retry: false
  });

  it('GETs the path made by joining the query key segments with "/" and parses JSON', async () => {
    const inits = spyOnFetchInits();
    const client = createQueryClient();
    const posts = await client.fetchQuery({ queryKey: [base, 'api', 'blog-posts'] });
    expect(posts).toEqual([{ id: '1', slug: 'cipp-lining-101', title: 'CIPP Lining 101' }]);
    expect(received).toEqual([{ method: 'GET', url: '/api/blog-posts', contentType: null, body: '' }]);
    expect(inits[0]?.credentials).toBe('include');
  });
});

describe('queryKeyToPath', () => {
  it('joins string and number segments with slashes', () => {
    expect(queryKeyToPath(['/api/blog-posts'])).toBe('/api/blog-posts');
    expect(queryKeyToPath(['/api', 'blog-posts'])).toBe('/api/blog-posts');
    expect(queryKeyToPath(['/api/blog-posts', 'cipp-lining-101'])).toBe('/api/blog-posts/cipp-lining-101');
    expect(queryKeyToPath(['/api/admin/blog-posts', 42])).toBe('/api/admin/blog-posts/42');
  });

  it('turns a trailing object into the query string, skipping unset values', () => {
    expect(queryKeyToPath(['/api/blog-posts', { limit: 3 }])).toBe('/api/blog-posts?limit=3');
    expect(queryKeyToPath(['/api/blog-posts', { limit: undefined }])).toBe('/api/blog-posts');
  });

  it('rejects segments that cannot be part of a path', () => {
    expect(() => queryKeyToPath(['/api', { limit: 3 }, 'x'])).toThrow(TypeError);
    expect(() => queryKeyToPath(['/api', null])).toThrow(TypeError);
  });
});

describe('apiRequest', () => {
  it('sends a JSON body with a JSON content type when there is a payload', async () => {
    const inits = spyOnFetchInits();
    const res = await apiRequest('POST', `${base}/echo`, { firstName: 'Ana', issues: ['slow drains'] });
    const echoed = (await res.json()) as Received;
    expect(echoed.method).toBe('POST');
    expect(echoed.contentType).toBe('application/json');
    expect(JSON.parse(echoed.body)).toEqual({ firstName: 'Ana', issues: ['slow drains'] });
    expect(inits[0]?.credentials).toBe('include');
  });

  it('sends no body and no content type without a payload', async () => {
    const inits = spyOnFetchInits();
    await apiRequest('POST', `${base}/echo`);
    expect(received).toEqual([{ method: 'POST', url: '/echo', contentType: null, body: '' }]);
    expect(inits[0]?.credentials).toBe('include');
    expect(inits[0]?.headers).toBeUndefined();
  });

  it('sends FormData as multipart (image upload)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['GIF89a'], { type: 'image/gif' }), 'pixel.gif');
    await apiRequest('POST', `${base}/echo`, form);
    expect(received[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.body).toContain('name="file"; filename="pixel.gif"');
  });

  it('throws "status: body" for a non-OK response', async () => {
    const err = await apiRequest('GET', `${base}/boom`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ message: '500: boom', name: 'ApiError', status: 500, bodyText: 'boom' });
  });

  it('falls back to the status text when the error body is empty', async () => {
    await expect(apiRequest('GET', `${base}/empty-error`)).rejects.toHaveProperty('message', '503: Gateway Napping');
  });
});

describe('errorMessage', () => {
  it("extracts the server's JSON message", async () => {
    const err = await apiRequest('POST', `${base}/validation-error`, { email: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(errorMessage(err)).toBe('Please enter a valid email');
  });

  it('falls back to the raw text without the status prefix', async () => {
    const err = await apiRequest('GET', `${base}/boom`).catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('boom');
    expect(errorMessage(new Error('502: Bad Gateway'))).toBe('Bad Gateway');
    expect(errorMessage(new Error('400: {"code":"invalid_argument"}'))).toBe('{"code":"invalid_argument"}');
  });

  it('passes other errors through', () => {
    expect(errorMessage(new TypeError('fetch failed'))).toBe('fetch failed');
    expect(errorMessage('offline')).toBe('offline');
  });
});

/**
 * A stubbed fetch whose answer's body says whether it was read to its end
 * (or cancelled). The body gives its bytes only when asked (highWaterMark 0),
 * so "read" means someone asked for the end, not that the stream buffered ahead.
 */
function stubFetchOnce(status: number, body: string | null, statusText = '') {
  const seen = { readToEnd: false, cancelled: false };
  let stream: ReadableStream<Uint8Array> | null = null;
  if (body !== null) {
    let sent = false;
    stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (!sent) {
            sent = true;
            controller.enqueue(new TextEncoder().encode(body));
            return;
          }
          seen.readToEnd = true;
          controller.close();
        },
        cancel() {
          seen.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
  }
  vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
    new Response(stream, { status, statusText, headers: { 'Content-Type': 'application/json' } }),
  );
  return { done: () => seen.readToEnd || seen.cancelled };
}

describe('every answer’s body is read to its end (issue 29)', () => {
  it('the current-user lookup’s 401, resolved to null', async () => {
    const body = stubFetchOnce(401, '{"message":"Not signed in","code":"unauthenticated","details":[]}', 'Unauthorized');
    const user = await createQueryClient().fetchQuery({ queryKey: ['/api/user'], queryFn: getQueryFn({ on401: 'returnNull' }) });
    expect(user).toBeNull();
    expect(body.done()).toBe(true);
  });

  it('an error answer to a query, and a JSON answer', async () => {
    const error = stubFetchOnce(500, 'boom');
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/boom'] })).rejects.toHaveProperty('message', '500: boom');
    expect(error.done()).toBe(true);
    const ok = stubFetchOnce(200, '[{"id":"1"}]');
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/blog-posts'] })).resolves.toEqual([{ id: '1' }]);
    expect(ok.done()).toBe(true);
  });

  it('an OK answer whose caller wants no body (a delete), still readable by one that does', async () => {
    const ignored = stubFetchOnce(200, '{}');
    await apiRequest('DELETE', '/api/admin/blog-posts/1');
    expect(ignored.done()).toBe(true);
    const wanted = stubFetchOnce(200, '{"id":"1","title":"Roots"}');
    const res = await apiRequest('PUT', '/api/admin/blog-posts/1', { title: 'Roots' });
    expect(wanted.done()).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json');
    await expect(res.json()).resolves.toEqual({ id: '1', title: 'Roots' });
  });

  it('an error answer to a write, and an answer without a body (204)', async () => {
    const error = stubFetchOnce(409, '{"message":"taken"}', 'Conflict');
    await expect(apiRequest('POST', '/api/admin/blog-posts', {})).rejects.toMatchObject({ status: 409, bodyText: '{"message":"taken"}' });
    expect(error.done()).toBe(true);
    stubFetchOnce(204, null);
    const res = await apiRequest('POST', '/api/logout');
    expect(res.status).toBe(204);
    await expect(res.text()).resolves.toBe('');
  });
});
