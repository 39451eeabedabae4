import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetWebhookDeliveryResponseJson } from '@/gen/trenchless/contact/v1/webhooks_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import { deliveriesQueryKey } from './list-deliveries';
import { toAttempt, toDelivery, type WebhookAttempt, type WebhookDelivery } from './webhook-json';

export type DeliveryDetail = { delivery: WebhookDelivery; attempts: WebhookAttempt[] };

export const deliveryQueryKey = (endpointId: string, id: string) => [...deliveriesQueryKey(endpointId), id] as const;

/** GET /api/admin/webhooks/{endpointId}/deliveries/{id}: the delivery and every attempt, oldest first. */
export async function getDelivery(endpointId: string, id: string, signal?: AbortSignal): Promise<DeliveryDetail> {
  const res = await apiGet<GetWebhookDeliveryResponseJson | null>(queryKeyToPath(deliveryQueryKey(endpointId, id)), { signal });
  return { delivery: toDelivery(res?.delivery), attempts: (res?.attempts ?? []).map(toAttempt) };
}

/** A delivery's attempts, read when its row is opened. */
export function useDelivery(endpointId: string, id: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: deliveryQueryKey(endpointId, id), queryFn: ({ signal }) => getDelivery(endpointId, id, signal) }),
    enabled,
  });
}
