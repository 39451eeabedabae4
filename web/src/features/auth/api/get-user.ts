import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserJson } from '@/gen/trenchless/gateway/v1/signin_pb';
import { getQueryFn } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/**
 * The signed-in user as GET /api/user answers (SPEC §3 "Session user"; the
 * gateway's `User` message in proto/trenchless/gateway/v1/signin.proto).
 */
export type SessionUser = Emitted<UserJson>;

export const userQueryKey = ['/api/user'] as const;

/** SPEC §7: a 401 on the current-user lookup yields null (signed out). */
export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: getQueryFn<SessionUser>({ on401: 'returnNull' }),
  });

/** SPEC §4 Auth: loading, then the user or null. */
export function useUser() {
  return useQuery(getUserQueryOptions());
}
