import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ListWebhookDeliveriesResponseJson } from '@/gen/trenchless/contact/v1/webhooks_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import { endpointsQueryKey } from './list-endpoints';
import { toDelivery, webhooksQueryPrefix, type WebhookDelivery } from './webhook-json';

/** Deliveries per 'Load more'. */
export const DELIVERIES_PAGE_SIZE = 25;

/** While a shown delivery is pending, the log is read again this often. */
export const PENDING_REFRESH_MS = 5000;

export type DeliveriesPage = { deliveries: WebhookDelivery[]; nextPageToken: string };
export type DeliveriesData = InfiniteData<DeliveriesPage, string>;

/** Everything read about one endpoint's log (its pages and each delivery's attempts). */
export const endpointLogQueryKey = (endpointId: string) => [webhooksQueryPrefix[0], endpointId] as const;
export const deliveriesQueryKey = (endpointId: string) => [...endpointLogQueryKey(endpointId), 'deliveries'] as const;

/** GET /api/admin/webhooks/{endpointId}/deliveries?pageSize=&pageToken=: newest first, each with its last attempt. */
export async function listDeliveries(endpointId: string, pageToken: string, signal?: AbortSignal): Promise<DeliveriesPage> {
  const path = queryKeyToPath([
    ...deliveriesQueryKey(endpointId),
    { pageSize: DELIVERIES_PAGE_SIZE, pageToken: pageToken || undefined },
  ]);
  const page = await apiGet<ListWebhookDeliveriesResponseJson | null>(path, { signal });
  return { deliveries: (page?.deliveries ?? []).map(toDelivery), nextPageToken: page?.nextPageToken ?? '' };
}

/** The deliveries of the loaded pages, newest first. */
export function loadedDeliveries(data: { pages: readonly DeliveriesPage[] } | undefined): WebhookDelivery[] {
  return data?.pages.flatMap((p) => p.deliveries) ?? [];
}

export const listDeliveriesQueryOptions = (endpointId: string) =>
  infiniteQueryOptions({
    queryKey: deliveriesQueryKey(endpointId),
    queryFn: ({ pageParam, signal }) => listDeliveries(endpointId, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: DeliveriesPage) => last.nextPageToken || undefined,
    // A pending delivery is due to change (its next attempt): the log follows it.
    refetchInterval: (query) =>
      loadedDeliveries(query.state.data).some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useDeliveries(endpointId: string) {
  return useInfiniteQuery(listDeliveriesQueryOptions(endpointId));
}

/** The loaded pages with `delivery` as stored, where it is. */
export function withDelivery(data: DeliveriesData | undefined, delivery: WebhookDelivery): DeliveriesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, deliveries: p.deliveries.map((d) => (d.id === delivery.id ? delivery : d)) })),
  };
}

/**
 * After something was sent or queued: the delivery as stored (if one came
 * back) goes into the log at once, then the log, its open attempts and the
 * endpoint list (whose failure streak may have ended) are read again.
 */
export function refreshLog(queryClient: QueryClient, endpointId: string, delivery?: WebhookDelivery): void {
  if (delivery) queryClient.setQueryData<DeliveriesData>(deliveriesQueryKey(endpointId), (data) => withDelivery(data, delivery));
  void queryClient.invalidateQueries({ queryKey: endpointLogQueryKey(endpointId) });
  void queryClient.invalidateQueries({ queryKey: endpointsQueryKey, exact: true });
}
