import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { LeadActivityJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiRequest, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { countHeader, nextPageToken } from '@/lib/page-headers';

/** One entry of a lead's history: a status change, note, assignment or read mark, with who and when. */
export type LeadActivity = Emitted<LeadActivityJson>;

export const leadActivityQueryKey = (leadId: string) => ['/api/contact-submissions', leadId, 'activity'] as const;

/** Entries per page (the server's own default; it allows up to 100). */
export const ACTIVITY_PAGE_SIZE = 50;

/** One page of a lead's history: the entries before the previous page's, oldest first. */
export type LeadActivityPage = {
  entries: LeadActivity[];
  /** Asks for the entries before these; '' when these are the oldest. */
  nextPageToken: string;
  /** How many entries the history has; null if the server left it out. */
  totalCount: number | null;
};

export type LeadActivityData = InfiniteData<LeadActivityPage, string>;

/**
 * GET /api/contact-submissions/{id}/activity?pageSize=&pageToken=: a page
 * of the history (a bare array, oldest first), the newest entries first;
 * the token of the entries before them and the count come in the
 * X-Next-Page-Token and X-Total-Count headers.
 */
export async function getLeadActivity(leadId: string, pageToken: string, signal?: AbortSignal): Promise<LeadActivityPage> {
  const path = queryKeyToPath([
    ...leadActivityQueryKey(leadId),
    { pageSize: ACTIVITY_PAGE_SIZE, pageToken: pageToken || undefined },
  ]);
  const res = await apiRequest('GET', path, undefined, { signal });
  const entries = (await res.json()) as LeadActivity[] | null;
  return {
    entries: Array.isArray(entries) ? entries : [],
    nextPageToken: nextPageToken(res),
    totalCount: countHeader(res, 'X-Total-Count'),
  };
}

export const getLeadActivityQueryOptions = (leadId: string) =>
  infiniteQueryOptions({
    queryKey: leadActivityQueryKey(leadId),
    queryFn: ({ pageParam, signal }) => getLeadActivity(leadId, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: LeadActivityPage) => last.nextPageToken || undefined,
  });

/** The history, newest page first (fetchNextPage for earlier entries). */
export function useLeadActivity(leadId: string) {
  return useInfiniteQuery(getLeadActivityQueryOptions(leadId));
}

/** The entries of the pages loaded so far, oldest first. */
export function loadedActivity(data: { pages: readonly LeadActivityPage[] } | undefined): LeadActivity[] {
  return data ? [...data.pages].reverse().flatMap((p) => p.entries) : [];
}

/** The history with a new entry at its end (a note just added), unless it is there already. */
export function withEntry(data: LeadActivityData | undefined, entry: LeadActivity): LeadActivityData | undefined {
  const newest = data?.pages[0];
  if (!data || !newest || data.pages.some((p) => p.entries.some((e) => e.id === entry.id))) return data;
  const total = newest.totalCount === null ? null : newest.totalCount + 1;
  return { ...data, pages: [{ ...newest, entries: [...newest.entries, entry], totalCount: total }, ...data.pages.slice(1)] };
}
