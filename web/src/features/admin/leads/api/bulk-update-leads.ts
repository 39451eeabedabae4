import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkUpdateLeadsResponseJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiRequest } from '@/lib/api-client';
import type { LeadStatus } from '../utils/lead-labels';
import { leadsQueryPrefix } from './list-leads';

/** The server takes at most this many ids a request. */
export const BULK_LIMIT = 200;

/** Exactly one change, as the server requires ("Choose one change: read, status or assignee"). */
export type BulkChange = { isRead: boolean } | { status: LeadStatus } | { assignee: string };

export type BulkUpdateInput = { ids: readonly string[]; change: BulkChange };

/**
 * POST /api/contact-submissions/bulk, in batches of 200 (more can be
 * selected after several 'Load more'). Returns how many leads changed:
 * a lead already so is not counted.
 */
export async function bulkUpdateLeads({ ids, change }: BulkUpdateInput): Promise<number> {
  let updated = 0;
  for (let i = 0; i < ids.length; i += BULK_LIMIT) {
    const res = await apiRequest('POST', '/api/contact-submissions/bulk', { ids: ids.slice(i, i + BULK_LIMIT), ...change });
    updated += ((await res.json()) as BulkUpdateLeadsResponseJson).updated ?? 0;
  }
  return updated;
}

/** One change to the selected leads; afterwards everything under the inbox is re-read (lists, leads, histories, stats). */
export function useBulkUpdateLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateLeads,
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsQueryPrefix }),
  });
}
