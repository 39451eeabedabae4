import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** A post as staff see it: drafts and scheduled posts too. */
export type AdminPost = Emitted<PostJson>;

/** GET /api/admin/blog-posts. The post and its revisions live under this prefix too, so invalidate it with exact: true. */
export const adminPostsQueryKey = ['/api/admin/blog-posts'] as const;

/** Every post, drafts and scheduled ones included, newest first (a bare array). */
export async function getAdminPosts(signal?: AbortSignal): Promise<AdminPost[]> {
  return apiGet<AdminPost[]>(queryKeyToPath(adminPostsQueryKey), { signal });
}

export const getAdminPostsQueryOptions = () =>
  queryOptions({ queryKey: adminPostsQueryKey, queryFn: ({ signal }) => getAdminPosts(signal) });

export function useAdminPosts() {
  return useQuery(getAdminPostsQueryOptions());
}
