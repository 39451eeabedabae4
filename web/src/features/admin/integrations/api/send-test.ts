import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendTestWebhookResponseJson } from '@/gen/trenchless/contact/v1/webhooks_pb';
import { apiRequest } from '@/lib/api-client';
import { refreshLog } from './list-deliveries';
import { endpointPath, toDelivery, type WebhookDelivery } from './webhook-json';

/** POST /api/admin/webhooks/{id}/test: a sample lead sent now; the delivery after its one attempt. */
export async function sendTest(id: string): Promise<WebhookDelivery> {
  const res = await apiRequest('POST', `${endpointPath(id)}/test`, {});
  return toDelivery(((await res.json()) as SendTestWebhookResponseJson).delivery);
}

/** Sends a test; it joins the endpoint's log. */
export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTest,
    onSuccess: (_, id) => refreshLog(queryClient, id),
  });
}
