import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSessionJson,
  EndOtherSessionsResponseJson,
  ListAccountSessionsResponseJson,
} from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiGet, apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** One browser or device where the signed-in account is signed in (the gateway's `AccountSession`). */
export type AccountSession = Emitted<AccountSessionJson>;

export const sessionsQueryKey = ['/api/account/sessions'] as const;

/** GET /api/account/sessions: the account's live sessions, the most recently active first. */
export async function listSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  const res = await apiGet<Emitted<ListAccountSessionsResponseJson>>(sessionsQueryKey[0], { signal });
  return res.sessions as AccountSession[];
}

export function useSessions() {
  return useQuery(queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal) }));
}

/** DELETE /api/account/sessions/{id}: that browser is signed out at its next request. */
export async function endSession(id: string): Promise<void> {
  await apiRequest('DELETE', `${sessionsQueryKey[0]}/${encodeURIComponent(id)}`);
}

/** Signs one session out; the list loses it, and is read again for what else changed. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (_, id) => queryClient.setQueryData<AccountSession[]>(sessionsQueryKey, (list) => list?.filter((s) => s.id !== id)),
    // Also after a 404 (ended meanwhile, or expired): the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** POST /api/account/sessions/end-others: every session but this one ends; says how many did. */
export async function endOtherSessions(): Promise<number> {
  const res = await apiRequest('POST', `${sessionsQueryKey[0]}/end-others`);
  return ((await res.json()) as Emitted<EndOtherSessionsResponseJson>).ended ?? 0;
}

/** Signs every other session out; the list keeps only this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => {
      queryClient.setQueryData<AccountSession[]>(sessionsQueryKey, (list) => list?.filter((s) => s.current));
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}
