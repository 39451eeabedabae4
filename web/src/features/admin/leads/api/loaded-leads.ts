import { useQueryClient } from '@tanstack/react-query';
import { isLeadListKey, type Lead, type LeadsPage } from './list-leads';

/**
 * Every lead in the loaded lists (any view, any page), read from the cache.
 * Not a subscription: the caller re-renders when its own list changes,
 * which is when new values can appear.
 */
export function useLoadedLeads(): Lead[] {
  const queryClient = useQueryClient();
  return queryClient.getQueriesData<unknown>({ predicate: (q) => isLeadListKey(q.queryKey) }).flatMap(([, data]) => {
    if (typeof data !== 'object' || data === null) return [];
    if ('pages' in data) return (data.pages as LeadsPage[]).flatMap((p) => p.submissions);
    if ('submissions' in data) return (data as LeadsPage).submissions;
    return [];
  });
}
