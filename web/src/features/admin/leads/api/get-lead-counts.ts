import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListLeadsResponseJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';

/** Counts shown on the Leads tab (one row fetched; the answer carries both counts). */
export type LeadCounts = { unread: number; overdue: number };

/** Under the inbox's key prefix, so whatever refreshes the inbox refreshes the counts. */
export const leadCountsQueryKey = ['/api/contact-submissions', { pageSize: 1 }] as const;

export async function getLeadCounts(signal?: AbortSignal): Promise<LeadCounts> {
  const page = await apiGet<ListLeadsResponseJson>(queryKeyToPath(leadCountsQueryKey), { signal });
  return { unread: page.unreadCount ?? 0, overdue: page.overdueCount ?? 0 };
}

export const getLeadCountsQueryOptions = () =>
  queryOptions({ queryKey: leadCountsQueryKey, queryFn: ({ signal }) => getLeadCounts(signal) });

export function useLeadCounts() {
  return useQuery(getLeadCountsQueryOptions());
}
