import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMemberJson, UpdateStaffRequestJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiRequest } from '@/lib/api-client';
import { storeMember } from './list-staff';
import { memberPath, toStaffMember, type StaffMember } from './staff-json';

/** One change at a time: a new role, or disabled / enabled again. */
export type StaffChange = Pick<UpdateStaffRequestJson, 'role' | 'disabled'>;
export type UpdateStaffInput = { id: string; change: StaffChange };

/**
 * PATCH /api/admin/staff/{id} with {role} or {disabled}: the member as
 * stored. Disabling ends the person's sessions on every gateway at once;
 * the last active owner can be neither demoted nor disabled (409, with the
 * server's reason).
 */
export async function updateStaff({ id, change }: UpdateStaffInput): Promise<StaffMember> {
  const res = await apiRequest('PATCH', memberPath(id), change);
  return toStaffMember((await res.json()) as StaffMemberJson | null);
}

/** Changes a member's role or access and puts them as stored into the list. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
