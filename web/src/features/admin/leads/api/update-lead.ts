import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { leadQueryKey } from './get-lead';
import { isLeadListKey, type Lead, type LeadsData } from './list-leads';

export type UpdateLeadInput = { id: string; isRead: boolean };

/** PATCH /api/contact-submissions/{id} with {isRead}: the lead as stored. */
export async function updateLead({ id, isRead }: UpdateLeadInput): Promise<Lead> {
  const res = await apiRequest('PATCH', `/api/contact-submissions/${encodeURIComponent(id)}`, { isRead });
  return (await res.json()) as Lead;
}

/**
 * Marks a lead read or unread. The lead is stored in its own cache entry and
 * in the loaded lists at once; the lists and counts are then re-read, since
 * the unread and overdue views and their counts change.
 */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: (lead) => {
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
      void queryClient.invalidateQueries({ predicate: (q) => isLeadListKey(q.queryKey) });
    },
  });
}
