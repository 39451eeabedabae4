import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrolPasskeyRequestJson } from '@/gen/trenchless/gateway/v1/passkeys_pb';
import type { Emitted } from '@/lib/api-types';
import { passkeyCeremony } from '@/lib/passkey-ceremony';
import { replaceSessionUser, type SessionUser } from './get-user';

/**
 * Signs in with a passkey alone: nothing typed; the browser offers the
 * passkeys it holds for this site, and the one chosen names the account.
 */
export function signInWithPasskey(): Promise<SessionUser> {
  return passkeyCeremony<SessionUser>('get', '/api/passkeys/sign-in/begin', '/api/passkeys/sign-in/finish');
}

/**
 * Adds the first passkey of an account whose correct password the sign-in
 * policy refused (this browser holds the gateway's permission for 10
 * minutes), and signs in with it.
 */
export function enrolPasskey(name: string): Promise<SessionUser> {
  const body: Emitted<EnrolPasskeyRequestJson> = { name };
  return passkeyCeremony<SessionUser>('create', '/api/passkeys/enrol/begin', '/api/passkeys/enrol/finish', body);
}

/** Either passkey sign-in; the browser's session then belongs to the person it signed in. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enrolAs }: { enrolAs?: string } = {}) => (enrolAs === undefined ? signInWithPasskey() : enrolPasskey(enrolAs)),
    onSuccess: (user) => replaceSessionUser(queryClient, user),
  });
}
