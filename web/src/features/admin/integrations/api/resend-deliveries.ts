import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResendWebhookDeliveriesResponseJson } from '@/gen/trenchless/contact/v1/webhooks_pb';
import { apiRequest } from '@/lib/api-client';
import { refreshLog } from './list-deliveries';
import { endpointPath, num } from './webhook-json';

export type ResendDeliveriesInput = { endpointId: string; since: Date; includeDelivered: boolean };

/** POST /api/admin/webhooks/{endpointId}/resend with {since, includeDelivered}: how many were queued. */
export async function resendDeliveries({ endpointId, since, includeDelivered }: ResendDeliveriesInput): Promise<number> {
  const res = await apiRequest('POST', `${endpointPath(endpointId)}/resend`, { since: since.toISOString(), includeDelivered });
  return num(((await res.json()) as ResendWebhookDeliveriesResponseJson).queued);
}

/** Queues an endpoint's deliveries since a time to be sent again; the log is refreshed. */
export function useResendDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDeliveries,
    onSuccess: (_, { endpointId }) => refreshLog(queryClient, endpointId),
  });
}
