import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListPasskeysResponseJson, PasskeyJson } from '@/gen/trenchless/gateway/v1/passkeys_pb';
import { apiGet } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** One passkey of the signed-in account (the gateway's `Passkey`). */
export type Passkey = Emitted<PasskeyJson>;

export const passkeysQueryKey = ['/api/account/passkeys'] as const;

/** GET /api/account/passkeys: the signed-in account's passkeys, oldest first. */
export async function listPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  const res = await apiGet<Emitted<ListPasskeysResponseJson>>(passkeysQueryKey[0], { signal });
  return res.passkeys as Passkey[];
}

export const listPasskeysQueryOptions = () =>
  queryOptions({ queryKey: passkeysQueryKey, queryFn: ({ signal }) => listPasskeys(signal) });

export function usePasskeys() {
  return useQuery(listPasskeysQueryOptions());
}
