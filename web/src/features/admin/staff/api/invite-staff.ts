import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteStaffRequestJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { storeMember } from './list-staff';
import { readInvitation, staffQueryKey, type Invitation } from './staff-json';

export type InviteInput = Emitted<InviteStaffRequestJson>;

/**
 * POST /api/admin/staff with {username, role, signIn}: the new member and,
 * for a local account ("password"), its one-time set-password link.
 */
export async function inviteStaff(input: InviteInput): Promise<Invitation> {
  return readInvitation(await apiRequest('POST', staffQueryKey[0], input));
}

/** Adds a person to the staff; they join the loaded list in its order. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: ({ member }) => storeMember(queryClient, member),
  });
}
