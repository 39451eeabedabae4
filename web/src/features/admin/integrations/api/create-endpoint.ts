import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpointResponseJson,
  RotateWebhookSecretResponseJson,
} from '@/gen/trenchless/contact/v1/webhooks_pb';
import { apiRequest } from '@/lib/api-client';
import type { EndpointInput } from '../utils/endpoint-form';
import { storeEndpoint } from './list-endpoints';
import { toEndpoint, webhooksQueryPrefix, type WebhookEndpoint } from './webhook-json';

/** An endpoint with its signing secret (whsec_…), which the server shows this once. */
export type EndpointWithSecret = { endpoint: WebhookEndpoint; secret: string };

/** The answer of a create or a rotation: {endpoint, secret}. */
export async function readEndpointWithSecret(res: Response): Promise<EndpointWithSecret> {
  const body = (await res.json()) as CreateWebhookEndpointResponseJson | RotateWebhookSecretResponseJson;
  return { endpoint: toEndpoint(body.endpoint), secret: body.secret ?? '' };
}

/** POST /api/admin/webhooks with {url, description, events, bodyTemplate}: the endpoint and its secret. */
export async function createEndpoint(input: EndpointInput): Promise<EndpointWithSecret> {
  return readEndpointWithSecret(await apiRequest('POST', webhooksQueryPrefix[0], input));
}

/** Adds an endpoint; it goes first in the loaded list. */
export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEndpoint,
    onSuccess: ({ endpoint }) => storeEndpoint(queryClient, endpoint),
  });
}
