import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UserJson } from '@/gen/trenchless/gateway/v1/signin_pb';
import { ApiError, getQueryFn } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/**
 * The signed-in user as GET /api/user answers (SPEC §3 "Session user"; the
 * gateway's `User` message in proto/trenchless/gateway/v1/signin.proto).
 */
export type SessionUser = Emitted<UserJson>;

export const userQueryKey = ['/api/user'] as const;

/**
 * SPEC §7: a 401 on the current-user lookup yields null (signed out). A 503
 * (the session could not be looked up: the database failing over) is not a
 * sign-out; it is asked again a few times before the error shows.
 */
export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: getQueryFn<SessionUser>({ on401: 'returnNull' }),
    retry: (failures, err) => err instanceof ApiError && err.status === 503 && failures < 3,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });

/** SPEC §4 Auth: loading, then the user or null. */
export function useUser() {
  return useQuery(getUserQueryOptions());
}

/**
 * The browser's session now belongs to `user` (null: nobody). Every other
 * cached read is dropped, so nothing the previous person saw stays in
 * memory for the next.
 */
export function replaceSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
  queryClient.setQueryData(userQueryKey, user);
}
