import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/**
 * POST /api/password-reset with {email}: an account that signs in with a
 * password is mailed a one-time link (an hour) to set a new one. The answer
 * (202) is the same for every address, with an account or not; a malformed
 * address is a 400, and so is asking a server without mail (its message says
 * to ask an owner).
 */
export async function requestPasswordReset(input: Emitted<PasswordResetRequestJson>): Promise<void> {
  await apiRequest('POST', '/api/password-reset', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
