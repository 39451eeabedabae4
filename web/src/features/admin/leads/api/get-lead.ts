import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Lead } from './list-leads';

export const leadQueryKey = (id: string) => ['/api/contact-submissions', id] as const;

/** GET /api/contact-submissions/{id}: the lead with every field the visitor gave. */
export function getLead(id: string, signal?: AbortSignal): Promise<Lead> {
  return apiGet<Lead>(queryKeyToPath(leadQueryKey(id)), { signal });
}

export const getLeadQueryOptions = (id: string) =>
  queryOptions({ queryKey: leadQueryKey(id), queryFn: ({ signal }) => getLead(id, signal) });

export function useLead(id: string) {
  return useQuery(getLeadQueryOptions(id));
}
