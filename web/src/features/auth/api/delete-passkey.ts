import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { passkeysQueryKey, type Passkey } from './list-passkeys';

/** DELETE /api/account/passkeys/{id}: the passkey no longer signs in (it stays on the device until removed there). */
export async function deletePasskey(id: string): Promise<void> {
  await apiRequest('DELETE', `${passkeysQueryKey[0]}/${encodeURIComponent(id)}`);
}

/** Removes a passkey; the list loses it. */
export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSuccess: (_, id) => queryClient.setQueryData<Passkey[]>(passkeysQueryKey, (list) => list?.filter((p) => p.id !== id)),
  });
}
