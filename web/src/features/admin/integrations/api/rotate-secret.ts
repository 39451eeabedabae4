import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { readEndpointWithSecret, type EndpointWithSecret } from './create-endpoint';
import { storeEndpoint } from './list-endpoints';
import { endpointPath } from './webhook-json';

/** POST /api/admin/webhooks/{id}/rotate-secret: the endpoint and its new secret (shown this once). */
export async function rotateSecret(id: string): Promise<EndpointWithSecret> {
  return readEndpointWithSecret(await apiRequest('POST', `${endpointPath(id)}/rotate-secret`, {}));
}

/** Makes a new signing secret; the old one signs too for 24 hours. */
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSecret,
    onSuccess: ({ endpoint }) => storeEndpoint(queryClient, endpoint),
  });
}
