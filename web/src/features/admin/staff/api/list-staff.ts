import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ListStaffResponseJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiGet } from '@/lib/api-client';
import { staffQueryKey, toStaffMember, withMember, type StaffMember } from './staff-json';

/** GET /api/admin/staff: every staff account, owners first, then by e-mail. */
export async function listStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  const res = await apiGet<ListStaffResponseJson | null>(staffQueryKey[0], { signal });
  return (res?.staff ?? []).map(toStaffMember);
}

export const listStaffQueryOptions = () => queryOptions({ queryKey: staffQueryKey, queryFn: ({ signal }) => listStaff(signal) });

export function useStaff() {
  return useQuery(listStaffQueryOptions());
}

/** Puts a member as the server stored it into the loaded list. */
export function storeMember(queryClient: QueryClient, member: StaffMember): void {
  queryClient.setQueryData<StaffMember[]>(staffQueryKey, (list) => withMember(list, member));
}
