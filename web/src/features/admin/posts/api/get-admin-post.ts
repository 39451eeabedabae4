import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import { adminPostsQueryKey, type AdminPost } from './get-admin-posts';

export const adminPostQueryKey = (id: string) => [...adminPostsQueryKey, id] as const;

/** GET /api/admin/blog-posts/{id}: one post in whatever state it is. */
export async function getAdminPost(id: string, signal?: AbortSignal): Promise<AdminPost> {
  return apiGet<AdminPost>(queryKeyToPath(adminPostQueryKey(id)), { signal });
}

/**
 * The post is read fresh each time a page opens it (gcTime 0: no copy is
 * kept once no page shows it), so nobody edits an old or deleted version.
 */
export const getAdminPostQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminPostQueryKey(id), queryFn: ({ signal }) => getAdminPost(id, signal), gcTime: 0 });

/**
 * One post, always as the server has it now, body included. Nothing from
 * the list stands in for it while it loads: the list holds summaries
 * without the body, and a form filled from one would save an empty body.
 *
 * editing: unlike the rest of the app (no refetch on focus, lib/query-client),
 * the post being edited is read again whenever its tab comes back into view:
 * someone else may have saved it meanwhile (issue 28), and the editor would
 * rather say so then than when a save is refused. The form decides what a
 * newer version does to it (PostForm: shown at once if nothing is typed,
 * else a notice), so nothing typed is lost.
 *
 * enabled: false while the editor shows a new post (/admin/posts/new, no id yet).
 */
export function useAdminPost(id: string, { editing = false, enabled = true }: { editing?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...getAdminPostQueryOptions(id),
    enabled,
    refetchOnWindowFocus: editing ? 'always' : false,
  });
}
