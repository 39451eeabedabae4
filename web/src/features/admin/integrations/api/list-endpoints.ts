import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ListWebhookEndpointsResponseJson } from '@/gen/trenchless/contact/v1/webhooks_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import { toEndpoint, webhooksQueryPrefix, type WebhookEndpoint } from './webhook-json';

export const endpointsQueryKey = webhooksQueryPrefix;

/** GET /api/admin/webhooks: every endpoint, newest first (at most 50 exist). */
export async function listEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const res = await apiGet<ListWebhookEndpointsResponseJson | null>(queryKeyToPath(endpointsQueryKey), { signal });
  return (res?.endpoints ?? []).map(toEndpoint);
}

export const listEndpointsQueryOptions = () =>
  queryOptions({ queryKey: endpointsQueryKey, queryFn: ({ signal }) => listEndpoints(signal) });

export function useEndpoints() {
  return useQuery(listEndpointsQueryOptions());
}

/** The list with `endpoint` as stored: replaced where it is, first (newest) when new. */
export function withEndpoint(list: readonly WebhookEndpoint[] | undefined, endpoint: WebhookEndpoint): WebhookEndpoint[] | undefined {
  if (!list) return list;
  return list.some((e) => e.id === endpoint.id) ? list.map((e) => (e.id === endpoint.id ? endpoint : e)) : [endpoint, ...list];
}

/** Puts an endpoint as the server stored it into the loaded list. */
export function storeEndpoint(queryClient: QueryClient, endpoint: WebhookEndpoint): void {
  queryClient.setQueryData<WebhookEndpoint[]>(endpointsQueryKey, (list) => withEndpoint(list, endpoint));
}
