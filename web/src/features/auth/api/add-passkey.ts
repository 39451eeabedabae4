import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BeginPasskeyRegistrationRequestJson } from '@/gen/trenchless/gateway/v1/passkeys_pb';
import type { Emitted } from '@/lib/api-types';
import { passkeyCeremony } from '@/lib/passkey-ceremony';
import { passkeysQueryKey, type Passkey } from './list-passkeys';

/**
 * Adds a passkey named `name` to the signed-in account: the gateway's
 * registration options, the browser's prompt (which makes the passkey on
 * this device, a phone or a security key), and the gateway's check of the
 * answer, which stores it.
 */
export function addPasskey(name: string): Promise<Passkey> {
  const body: Emitted<BeginPasskeyRegistrationRequestJson> = { name };
  return passkeyCeremony<Passkey>('create', '/api/account/passkeys/register/begin', '/api/account/passkeys/register/finish', body);
}

/** Adds a passkey; the list gains it. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: (passkey) => queryClient.setQueryData<Passkey[]>(passkeysQueryKey, (list) => (list ? [...list, passkey] : list)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
