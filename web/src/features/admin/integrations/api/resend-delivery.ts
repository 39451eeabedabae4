import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResendWebhookDeliveryResponseJson } from '@/gen/trenchless/contact/v1/webhooks_pb';
import { apiRequest } from '@/lib/api-client';
import { refreshLog } from './list-deliveries';
import { endpointPath, toDelivery, type WebhookDelivery } from './webhook-json';

export type ResendDeliveryInput = { endpointId: string; id: string };

/** POST /api/admin/webhooks/{endpointId}/deliveries/{id}/resend: the delivery after its new attempt. */
export async function resendDelivery({ endpointId, id }: ResendDeliveryInput): Promise<WebhookDelivery> {
  const res = await apiRequest('POST', `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(id)}/resend`, {});
  return toDelivery(((await res.json()) as ResendWebhookDeliveryResponseJson).delivery);
}

/** Sends one delivery again now, with its webhook-id; the log is refreshed. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: (delivery, { endpointId }) => refreshLog(queryClient, endpointId, delivery),
  });
}
