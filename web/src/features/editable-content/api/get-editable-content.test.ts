import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getEditableContent } from './get-editable-content';

// A real loopback server stands in for the gateway; fetch's same-origin path
// is resolved against its address.
let server: Server;
let status = 200;
let body = '[]';
const requests: { method: string; url: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => realFetch(new URL(String(input), base), init));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('getEditableContent', () => {
  it('GETs /api/editable-content and returns the bare array, dropping malformed entries', async () => {
    status = 200;
    body = JSON.stringify([
      { id: '1', contentKey: 'hero.title', content: 'Title', contentType: 'text', category: 'homepage' },
      { id: '2', contentKey: 'hero.subtitle', contentType: 'text' },
      null,
      'nonsense',
    ]);
    const items = await getEditableContent();
    expect(items.map((i) => i.contentKey)).toEqual(['hero.title']);
    expect(requests.at(-1)).toEqual({ method: 'GET', url: '/api/editable-content' });
  });

  it('GETs the Spanish list with ?locale=es (issue 40)', async () => {
    status = 200;
    body = JSON.stringify([{ contentKey: 'hero.title', content: 'Reparación', contentType: 'text', locale: 'es', fallback: false }]);
    const items = await getEditableContent(undefined, 'es');
    expect(items[0]).toMatchObject({ content: 'Reparación', locale: 'es' });
    expect(requests.at(-1)).toEqual({ method: 'GET', url: '/api/editable-content?locale=es' });
  });

  it('fails with a clear message, keeping the server error as the cause', async () => {
    status = 503;
    body = '{"message":"content service unavailable"}';
    const err = await getEditableContent().catch((e: unknown) => e);
    expect((err as Error).message).toBe('Failed to fetch editable content');
    expect(((err as Error).cause as Error).message).toBe('503: {"message":"content service unavailable"}');
  });

  it('rejects a body that is not a list', async () => {
    status = 200;
    body = '{"items":[]}';
    await expect(getEditableContent()).rejects.toThrow('Failed to fetch editable content');
  });
});
