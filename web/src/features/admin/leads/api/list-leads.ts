import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { LeadJson, ListLeadsResponseJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { leadQueryApiParams, type LeadQuery } from '../utils/lead-query';

/**
 * A lead as the API sends it. The timestamps of what may not have happened
 * yet (first response, last change, the erasure of its personal data) are
 * null or left out until it has.
 */
export type Lead = Omit<Emitted<LeadJson>, 'firstResponseAt' | 'updatedAt' | 'erasedAt'> & {
  firstResponseAt?: string | null;
  updatedAt?: string | null;
  erasedAt?: string | null;
};
export type LeadsPage = { submissions: Lead[]; nextPageToken: string; unreadCount: number; overdueCount: number };
export type LeadsData = InfiniteData<LeadsPage, string>;

/** Leads per 'Load more'. */
export const LEADS_PAGE_SIZE = 25;

/** Every inbox read (lists, counts, one lead, its activity, the stats) lives under this prefix. */
export const leadsQueryPrefix = ['/api/contact-submissions'] as const;

export const leadsQueryKey = (query: LeadQuery) =>
  ['/api/contact-submissions', { ...leadQueryApiParams(query), pageSize: LEADS_PAGE_SIZE }] as const;

/**
 * The queries a lead's arrival or change can change: every list and the
 * counts (keys with a query-string object), not the single-lead reads.
 */
export function isLeadListKey(key: QueryKey): boolean {
  return key[0] === leadsQueryPrefix[0] && typeof key[1] === 'object' && key[1] !== null;
}

/** GET /api/contact-submissions?filter=&status=&…&pageSize=&pageToken=: newest first, with the inbox's counts. */
export async function listLeads(query: LeadQuery, pageToken: string, signal?: AbortSignal): Promise<LeadsPage> {
  const path = queryKeyToPath([
    '/api/contact-submissions',
    { ...leadQueryApiParams(query), pageSize: LEADS_PAGE_SIZE, pageToken: pageToken || undefined },
  ]);
  const page = await apiGet<Emitted<ListLeadsResponseJson>>(path, { signal });
  return {
    submissions: (page.submissions ?? []) as Lead[],
    nextPageToken: page.nextPageToken ?? '',
    unreadCount: page.unreadCount ?? 0,
    overdueCount: page.overdueCount ?? 0,
  };
}

export const listLeadsQueryOptions = (query: LeadQuery) =>
  infiniteQueryOptions({
    queryKey: leadsQueryKey(query),
    queryFn: ({ pageParam, signal }) => listLeads(query, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: LeadsPage) => last.nextPageToken || undefined,
  });

export function useLeads(query: LeadQuery) {
  return useInfiniteQuery(listLeadsQueryOptions(query));
}
