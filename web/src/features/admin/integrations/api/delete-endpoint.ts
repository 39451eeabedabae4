import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { endpointLogQueryKey } from './list-deliveries';
import { endpointsQueryKey } from './list-endpoints';
import { endpointPath, type WebhookEndpoint } from './webhook-json';

/** DELETE /api/admin/webhooks/{id}: the endpoint, its deliveries and their log are gone. */
export async function deleteEndpoint(id: string): Promise<void> {
  await apiRequest('DELETE', endpointPath(id));
}

/** Deletes an endpoint and drops it from the loaded list. */
export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEndpoint,
    onSuccess: (_, id) => {
      queryClient.setQueryData<WebhookEndpoint[]>(endpointsQueryKey, (list) => list?.filter((e) => e.id !== id));
      queryClient.removeQueries({ queryKey: endpointLogQueryKey(id) });
    },
  });
}
