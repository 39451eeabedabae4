import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPasswordRequestJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { replaceSessionUser, type SessionUser } from './get-user';

export type SetPasswordInput = Emitted<SetPasswordRequestJson>;

/**
 * POST /api/set-password with {token, password}: the link is used up, the
 * password set, and the browser signed in (the answer is the user, as
 * after POST /api/login).
 */
export async function setPassword(input: SetPasswordInput): Promise<SessionUser> {
  const res = await apiRequest('POST', '/api/set-password', input);
  return (await res.json()) as SessionUser;
}

/** Sets the password from a one-time link; the person is signed in from then on (whoever was before, out). */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: (user) => replaceSessionUser(queryClient, user),
  });
}
