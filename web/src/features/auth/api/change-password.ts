import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequestJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

export type ChangePasswordInput = Emitted<ChangePasswordRequestJson>;

/**
 * POST /api/account/password with {currentPassword, newPassword}: the
 * gateway answers {"ok": true} and has signed out every other session of
 * the account; this one stays. A wrong current password, a refused new
 * one and too many tries are a 400, each with a message for people.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiRequest('POST', '/api/account/password', input);
}

/** Changes the signed-in person's password; nothing cached changes with it. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
