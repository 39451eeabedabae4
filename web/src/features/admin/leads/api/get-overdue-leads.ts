import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListLeadsResponseJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Lead } from './list-leads';

/**
 * The overdue leads for the dashboard, as one page of the largest size the
 * server allows. A list key (query-string object), so whatever refreshes
 * the inbox refreshes it.
 */
export const overdueLeadsQueryKey = ['/api/contact-submissions', { filter: 'overdue', pageSize: 200 }] as const;

export type OverdueLeads = { leads: Lead[]; total: number; more: boolean };

/** Newest first as the server sends them; `total` is the overdue count, which may exceed one page. */
export async function getOverdueLeads(signal?: AbortSignal): Promise<OverdueLeads> {
  const page = await apiGet<ListLeadsResponseJson>(queryKeyToPath(overdueLeadsQueryKey), { signal });
  const leads = (page.submissions ?? []) as Lead[];
  return { leads, total: Math.max(page.overdueCount ?? 0, leads.length), more: !!page.nextPageToken };
}

export function useOverdueLeads() {
  return useQuery(queryOptions({ queryKey: overdueLeadsQueryKey, queryFn: ({ signal }) => getOverdueLeads(signal) }));
}
