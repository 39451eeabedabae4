import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookEndpointResponseJson } from '@/gen/trenchless/contact/v1/webhooks_pb';
import { apiRequest } from '@/lib/api-client';
import type { EndpointInput } from '../utils/endpoint-form';
import { storeEndpoint } from './list-endpoints';
import { endpointPath, toEndpoint, type WebhookEndpoint } from './webhook-json';

/** What to change; a field left out stays as it is. */
export type EndpointChange = Partial<EndpointInput> & { enabled?: boolean };
export type UpdateEndpointInput = { id: string; change: EndpointChange };

/** The PATCH body: a new events list is sent with updateEvents, as the API asks. */
export function updateBody(change: EndpointChange): Record<string, unknown> {
  const { events, ...rest } = change;
  return events === undefined ? rest : { ...rest, events, updateEvents: true };
}

/** PATCH /api/admin/webhooks/{id}: the endpoint as stored. */
export async function updateEndpoint({ id, change }: UpdateEndpointInput): Promise<WebhookEndpoint> {
  const res = await apiRequest('PATCH', endpointPath(id), updateBody(change));
  return toEndpoint(((await res.json()) as UpdateWebhookEndpointResponseJson).endpoint);
}

/** Edits, enables or disables an endpoint and puts it as stored into the list. */
export function useUpdateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEndpoint,
    onSuccess: (endpoint) => storeEndpoint(queryClient, endpoint),
  });
}
