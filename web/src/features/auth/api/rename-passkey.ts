import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RenamePasskeyRequestJson } from '@/gen/trenchless/gateway/v1/passkeys_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { passkeysQueryKey, type Passkey } from './list-passkeys';

/** PATCH /api/account/passkeys/{id}: the passkey with its new name. */
export async function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  const body: Emitted<RenamePasskeyRequestJson> = { name };
  const res = await apiRequest('PATCH', `${passkeysQueryKey[0]}/${encodeURIComponent(id)}`, body);
  return (await res.json()) as Passkey;
}

/** Renames a passkey; the list shows the new name. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: (passkey) =>
      queryClient.setQueryData<Passkey[]>(passkeysQueryKey, (list) => list?.map((p) => (p.id === passkey.id ? passkey : p))),
  });
}
