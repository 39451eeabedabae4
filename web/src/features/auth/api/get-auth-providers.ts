import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProvidersJson } from '@/gen/trenchless/gateway/v1/signin_pb';
import { apiGet } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** GET /api/auth/providers: which sign-in ways this deployment offers (the gateway's `AuthProviders`). */
export type AuthProviders = Emitted<AuthProvidersJson>;

export const authProvidersQueryKey = ['/api/auth/providers'] as const;

export const getAuthProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => apiGet<AuthProviders>(authProvidersQueryKey[0], { signal }),
  });

export function useAuthProviders() {
  return useQuery(getAuthProvidersQueryOptions());
}
