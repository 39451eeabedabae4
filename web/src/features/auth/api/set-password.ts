import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPasswordRequestJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { replaceSessionUser, type SessionUser } from './get-user';

/** The body, and whether the link is a reset link (SetPasswordInfo.reset), which signs no one in. */
export type SetPasswordInput = Emitted<SetPasswordRequestJson> & { reset: boolean };

/**
 * POST /api/set-password with {token, password}: the link is used up and
 * the password set. An owner's link also signs the browser in (the answer
 * is the user, as after POST /api/login); a reset link signs no one in and
 * ends every session of the account.
 */
export async function setPassword({ token, password }: SetPasswordInput): Promise<SessionUser> {
  const res = await apiRequest('POST', '/api/set-password', { token, password });
  return (await res.json()) as SessionUser;
}

/**
 * Sets the password from a one-time link. After an owner's link the person
 * is signed in from then on (whoever was before, out); after a reset link
 * no one is, this browser included.
 */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: (user, { reset }) => replaceSessionUser(queryClient, reset ? null : user),
  });
}
