import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { AuditEntryJson, ListAuditResponseJson } from '@/gen/trenchless/gateway/v1/audit_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import { auditApiParams, type AuditQuery } from '../utils/audit-query';

/**
 * One thing someone did, as the Audit tab reads it (audit.proto's
 * AuditEntry), every field filled: `at` RFC 3339 ('' if missing), `status`
 * the HTTP status the action got, `changes` the changed fields'
 * {"field": {"before": …, "after": …}} as logged.
 */
export type AuditEntry = {
  id: string;
  at: string;
  actor: string;
  actorId: string;
  ip: string;
  userAgent: string;
  kind: string;
  target: string;
  status: number;
  changes: Record<string, unknown>;
};

export type AuditPage = { entries: AuditEntry[]; nextCursor: string };
export type AuditData = InfiniteData<AuditPage, string>;

/** Entries per 'Load more' (the server takes 1–200). */
export const AUDIT_PAGE_SIZE = 50;

type Loose<T> = { [K in keyof T]?: T[K] | null };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** An entry from proto JSON, which may leave out a field at its zero value. */
export function toAuditEntry(json: Loose<AuditEntryJson> | null | undefined): AuditEntry {
  const e = json ?? {};
  const changes = e.changes;
  return {
    id: text(e.id),
    at: text(e.at),
    actor: text(e.actor),
    actorId: text(e.actorId),
    ip: text(e.ip),
    userAgent: text(e.userAgent),
    kind: text(e.kind),
    target: text(e.target),
    status: typeof e.status === 'number' && Number.isFinite(e.status) ? e.status : 0,
    changes: typeof changes === 'object' && changes !== null && !Array.isArray(changes) ? changes : {},
  };
}

/** Every audit read: invalidating it reads every filtered view again. */
export const auditQueryPrefix = ['/api/admin/audit'] as const;

export const auditQueryKey = (query: AuditQuery) => [auditQueryPrefix[0], { ...auditApiParams(query), limit: AUDIT_PAGE_SIZE }] as const;

/** GET /api/admin/audit?actor=&kind=&from=&to=&limit=&cursor=: a page of entries, newest first (owners only). */
export async function listAudit(query: AuditQuery, cursor: string, signal?: AbortSignal): Promise<AuditPage> {
  const path = queryKeyToPath([auditQueryPrefix[0], { ...auditApiParams(query), limit: AUDIT_PAGE_SIZE, cursor: cursor || undefined }]);
  const page = await apiGet<Loose<ListAuditResponseJson> | null>(path, { signal });
  return { entries: (page?.entries ?? []).map(toAuditEntry), nextCursor: text(page?.nextCursor) };
}

/** The entries of the loaded pages, newest first. */
export function loadedEntries(data: { pages: readonly AuditPage[] } | undefined): AuditEntry[] {
  return data?.pages.flatMap((p) => p.entries) ?? [];
}

export const listAuditQueryOptions = (query: AuditQuery) =>
  infiniteQueryOptions({
    queryKey: auditQueryKey(query),
    queryFn: ({ pageParam, signal }) => listAudit(query, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: AuditPage) => last.nextCursor || undefined,
    // The log grows with every action anywhere: opening the tab reads it
    // again, where the rest of the admin keeps what it has read.
    staleTime: 0,
  });

export function useAuditLog(query: AuditQuery) {
  return useInfiniteQuery(listAuditQueryOptions(query));
}
