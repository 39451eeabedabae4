import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostRevisionJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { adminPostQueryKey } from './get-admin-post';

/** An earlier version of a post, kept at every update. */
export type PostRevision = Emitted<PostRevisionJson>;

export const postRevisionsQueryKey = (postId: string) => [...adminPostQueryKey(postId), 'revisions'] as const;

/** GET /api/admin/blog-posts/{postId}/revisions: newest first (a bare array). */
export async function getPostRevisions(postId: string, signal?: AbortSignal): Promise<PostRevision[]> {
  return apiGet<PostRevision[]>(queryKeyToPath(postRevisionsQueryKey(postId)), { signal });
}

export const getPostRevisionsQueryOptions = (postId: string) =>
  queryOptions({ queryKey: postRevisionsQueryKey(postId), queryFn: ({ signal }) => getPostRevisions(postId, signal) });

export function usePostRevisions(postId: string) {
  return useQuery(getPostRevisionsQueryOptions(postId));
}
