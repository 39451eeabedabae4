import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasePersonResponseJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { leadsQueryPrefix } from './list-leads';

export type ErasePersonInput = { leadId: string; byEmail: boolean; byPhone: boolean };

/** What an erase did, in counts: leadIds, notes, outboxMessages, webhookDeliveries, streamMessages, streamPending. */
export type ErasePersonResult = Emitted<ErasePersonResponseJson>;

/**
 * POST /api/admin/privacy/erase with {leadId, byEmail, byPhone}: the lead
 * and every lead sharing its e-mail and/or phone lose their personal data.
 */
export async function erasePerson(input: ErasePersonInput): Promise<ErasePersonResult> {
  const res = await apiRequest('POST', '/api/admin/privacy/erase', input);
  return (await res.json()) as ErasePersonResult;
}

/**
 * Erases a homeowner. Any read of the inbox may show one of their leads
 * (the lists, each lead, its history, the dashboard's overdue list), so
 * every one is read again.
 */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePerson,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leadsQueryPrefix }),
  });
}
