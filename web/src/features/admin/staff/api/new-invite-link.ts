import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storeMember } from './list-staff';
import { memberPath, readInvitation, type Invitation } from './staff-json';

/** POST /api/admin/staff/{id}/invite-link: a new one-time link for a local account; the old one stops working. */
export async function newInviteLink(id: string): Promise<Invitation> {
  return readInvitation(await apiRequest('POST', `${memberPath(id)}/invite-link`, {}));
}

/** Makes a new set-password link (shown once) and puts the member as stored into the list. */
export function useNewInviteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newInviteLink,
    onSuccess: ({ member }) => storeMember(queryClient, member),
  });
}
