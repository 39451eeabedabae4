import { InfiniteQueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { createQueryClient } from '@/lib/query-client';
import { EMPTY_AUDIT_QUERY } from '../utils/audit-query';
import { AUDIT_PAGE_SIZE, listAudit, listAuditQueryOptions, loadedEntries, toAuditEntry, type AuditPage } from './list-audit';

afterEach(() => vi.unstubAllGlobals());

/** fetch answering each call with the next of `answers` (status, JSON body); the URLs it was asked for. */
function answers(...list: [number, unknown][]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const [status, body] = list.shift() ?? [500, { message: 'no more answers' }];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The query parameters of the nth call. */
const paramsOf = (fetch: ReturnType<typeof answers>, n: number) => {
  const url = new URL(fetch.mock.calls[n]![0], 'https://site.example');
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
};

const ENTRY = {
  id: '42',
  at: '2026-11-28T13:05:09Z',
  actor: 'ana@pipes.example',
  actorId: 'u1',
  ip: '203.0.113.7',
  userAgent: 'curl/8.5.0',
  kind: 'lead.update',
  target: 'lead-1',
  status: 200,
  changes: { status: { before: 'new', after: 'contacted' } },
};

describe('reading the log', () => {
  it('asks with the filters, a page size and no cursor, then with the cursor the page gave', async () => {
    const fetch = answers([200, { entries: [ENTRY], nextCursor: 'c1' }], [200, { entries: [], nextCursor: '' }]);
    const query = { actor: 'ana@pipes.example', kind: 'lead.', from: '2026-11-01', to: '' };
    const first = await listAudit(query, '');
    expect(paramsOf(fetch, 0)).toEqual({
      path: '/api/admin/audit',
      params: { actor: 'ana@pipes.example', kind: 'lead.', from: new Date(2026, 10, 1).toISOString(), limit: String(AUDIT_PAGE_SIZE) },
    });
    expect(first).toEqual({ entries: [ENTRY], nextCursor: 'c1' });
    await listAudit(query, 'c1');
    expect(paramsOf(fetch, 1).params).toMatchObject({ cursor: 'c1', actor: 'ana@pipes.example' });
    expect(fetch.mock.calls[1]![1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('fills what proto JSON leaves out', async () => {
    answers([200, { entries: [{ id: '7', kind: 'sign-out', status: 200 }, { id: '6', changes: null, status: 'x' }] }]);
    const page = await listAudit(EMPTY_AUDIT_QUERY, '');
    expect(page.nextCursor).toBe('');
    expect(page.entries[0]).toEqual({ id: '7', at: '', actor: '', actorId: '', ip: '', userAgent: '', kind: 'sign-out', target: '', status: 200, changes: {} });
    expect(page.entries[1]).toMatchObject({ status: 0, changes: {} });
    expect(toAuditEntry(undefined).changes).toEqual({});
  });

  it('fails with the server’s words, e.g. a 403 for someone who is not an owner', async () => {
    answers([403, { message: 'Only owners can read the audit log.', code: 'permission_denied', details: [] }]);
    const err = await listAudit(EMPTY_AUDIT_QUERY, '').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect(serverMessage(err)).toBe('Only owners can read the audit log.');
  });
});

describe('paging', () => {
  it('loads one page at a time by cursor, and stops when the server gives none', async () => {
    const older = { ...ENTRY, id: '41', kind: 'sign-in' };
    const fetch = answers([200, { entries: [ENTRY], nextCursor: 'c1' }], [200, { entries: [older], nextCursor: '' }]);
    const client = createQueryClient();
    const observer = new InfiniteQueryObserver(client, listAuditQueryOptions({ ...EMPTY_AUDIT_QUERY, kind: 'lead.' }));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);

    await observer.fetchNextPage();
    const result = observer.getCurrentResult();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(paramsOf(fetch, 1).params).toEqual({ kind: 'lead.', limit: String(AUDIT_PAGE_SIZE), cursor: 'c1' });
    expect(loadedEntries(result.data).map((e) => e.id)).toEqual(['42', '41']);
    expect(result.hasNextPage).toBe(false);
    unsubscribe();
  });

  it('keeps the loaded entries when a next page fails, and says so', async () => {
    answers([200, { entries: [ENTRY], nextCursor: 'c1' }], [400, { message: 'That page of the log no longer exists.' }]);
    const client = createQueryClient();
    const observer = new InfiniteQueryObserver(client, listAuditQueryOptions(EMPTY_AUDIT_QUERY));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    await observer.fetchNextPage();
    const result = observer.getCurrentResult();
    expect(result.isFetchNextPageError).toBe(true);
    expect(loadedEntries(result.data as { pages: AuditPage[] }).map((e) => e.id)).toEqual(['42']);
    unsubscribe();
  });
});
