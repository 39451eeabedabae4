import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { leadActivityQueryKey, withEntry, type LeadActivity, type LeadActivityData } from './get-lead-activity';
import { leadQueryKey } from './get-lead';
import { isLeadStatsKey } from './get-lead-stats';
import { isLeadListKey } from './list-leads';

/** The longest note the server keeps (contact.MaxNoteLen). */
export const NOTE_MAX_LENGTH = 5000;

export type AddLeadNoteInput = { leadId: string; body: string };

/** POST /api/contact-submissions/{id}/notes with {body}: the stored activity entry. */
export async function addLeadNote({ leadId, body }: AddLeadNoteInput): Promise<LeadActivity> {
  const res = await apiRequest('POST', `/api/contact-submissions/${encodeURIComponent(leadId)}/notes`, { body });
  return (await res.json()) as LeadActivity;
}

/**
 * Adds a note. It goes at the end of the loaded history at once; the lead
 * (a first note is its first response), the lists and the stats are re-read.
 */
export function useAddLeadNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLeadNote,
    onSuccess: (entry, { leadId }) => {
      queryClient.setQueryData<LeadActivityData>(leadActivityQueryKey(leadId), (data) => withEntry(data, entry));
      void queryClient.invalidateQueries({ queryKey: leadActivityQueryKey(leadId), exact: true });
      void queryClient.invalidateQueries({ queryKey: leadQueryKey(leadId), exact: true });
      void queryClient.invalidateQueries({ predicate: (q) => isLeadListKey(q.queryKey) || isLeadStatsKey(q.queryKey) });
    },
  });
}
