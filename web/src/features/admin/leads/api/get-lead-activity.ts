import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadActivityJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** One entry of a lead's history: a status change, note, assignment or read mark, with who and when. */
export type LeadActivity = Emitted<LeadActivityJson>;

export const leadActivityQueryKey = (leadId: string) => ['/api/contact-submissions', leadId, 'activity'] as const;

/** GET /api/contact-submissions/{id}/activity: a bare array, oldest first. */
export async function getLeadActivity(leadId: string, signal?: AbortSignal): Promise<LeadActivity[]> {
  const entries = await apiGet<LeadActivity[] | null>(queryKeyToPath(leadActivityQueryKey(leadId)), { signal });
  return Array.isArray(entries) ? entries : [];
}

export const getLeadActivityQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: leadActivityQueryKey(leadId),
    queryFn: ({ signal }) => getLeadActivity(leadId, signal),
  });

export function useLeadActivity(leadId: string) {
  return useQuery(getLeadActivityQueryOptions(leadId));
}
