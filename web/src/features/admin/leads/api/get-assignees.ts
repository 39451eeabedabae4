import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListAssigneesResponseJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiGet } from '@/lib/api-client';

/** Everyone a lead can be assigned to: active owners and sales (GET /api/staff/assignees). */
export const assigneesQueryKey = ['/api/staff/assignees'] as const;

export async function getAssignees(signal?: AbortSignal): Promise<string[]> {
  const res = await apiGet<ListAssigneesResponseJson>(assigneesQueryKey[0], { signal });
  return (res.assignees ?? []).map((a) => a.username ?? '').filter(Boolean);
}

export const getAssigneesQueryOptions = () =>
  queryOptions({ queryKey: assigneesQueryKey, queryFn: ({ signal }) => getAssignees(signal), staleTime: 5 * 60_000 });

export function useAssignees() {
  return useQuery(getAssigneesQueryOptions());
}
