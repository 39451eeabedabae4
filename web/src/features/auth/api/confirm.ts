import { useMutation } from '@tanstack/react-query';
import type { ConfirmRequestJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/**
 * POST /api/account/confirm with {password}: the person proves it is them,
 * and for the next 10 minutes this session may add or remove a passkey. A
 * wrong password is a 400 under `password`; an account that signs in with
 * Google has none (it signs in again instead).
 */
export async function confirmItsYou(input: Emitted<ConfirmRequestJson>): Promise<void> {
  await apiRequest('POST', '/api/account/confirm', input);
}

export function useConfirmItsYou() {
  return useMutation({ mutationFn: confirmItsYou });
}
