import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequestJson } from '@/gen/trenchless/gateway/v1/signin_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { userQueryKey, type SessionUser } from './get-user';

/** The local-account form's payload (POST /api/login: the gateway's `LoginRequest`). */
export type Credentials = Emitted<LoginRequestJson>;

export async function login(credentials: Credentials): Promise<SessionUser> {
  const res = await apiRequest('POST', '/api/login', credentials);
  return (await res.json()) as SessionUser;
}

/** SPEC §4 Auth: a successful login sets the current user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
