import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LeadStatus } from '../utils/lead-labels';
import { leadActivityQueryKey } from './get-lead-activity';
import { leadQueryKey } from './get-lead';
import { isLeadStatsKey } from './get-lead-stats';
import { isLeadListKey, type Lead, type LeadsData } from './list-leads';

/** What to change; a field left out stays as it is. */
export type LeadChange = { isRead?: boolean; status?: LeadStatus; assignee?: string };
export type UpdateLeadInput = { id: string } & LeadChange;

/** PATCH /api/contact-submissions/{id} with {isRead?, status?, assignee?}: the lead as stored. */
export async function updateLead({ id, ...change }: UpdateLeadInput): Promise<Lead> {
  const res = await apiRequest('PATCH', `/api/contact-submissions/${encodeURIComponent(id)}`, change);
  return (await res.json()) as Lead;
}

/**
 * Puts a lead as stored into its own cache entry and the loaded lists at
 * once, then has the lists, counts, its history and the stats re-read:
 * which views hold it, the counts and the figures may all have changed.
 */
export function storeChangedLead(queryClient: QueryClient, lead: Lead): void {
  queryClient.setQueryData(leadQueryKey(lead.id), lead);
  queryClient.setQueriesData<LeadsData>({ predicate: (q) => isLeadListKey(q.queryKey) }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            submissions: page.submissions.map((s) => (s.id === lead.id ? lead : s)),
          })),
        }
      : data,
  );
  void queryClient.invalidateQueries({ predicate: (q) => isLeadListKey(q.queryKey) || isLeadStatsKey(q.queryKey) });
  void queryClient.invalidateQueries({ queryKey: leadActivityQueryKey(lead.id), exact: true });
}

/** Changes a lead's read flag, status or assignee (ReadToggle, the detail's pipeline controls). */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: (lead) => storeChangedLead(queryClient, lead),
  });
}
