import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostRevisionJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiRequest, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { countHeader, nextPageToken } from '@/lib/page-headers';
import { adminPostQueryKey } from './get-admin-post';

/** An earlier version of a post, kept at every update. */
export type PostRevision = Emitted<PostRevisionJson>;

export const postRevisionsQueryKey = (postId: string) => [...adminPostQueryKey(postId), 'revisions'] as const;

/**
 * Revisions per page. Each carries its whole body, so the server also ends
 * a page before 2 MiB of them: a page may hold fewer.
 */
export const REVISIONS_PAGE_SIZE = 20;

/** One page of a post's revisions, newest first. */
export type PostRevisionsPage = {
  revisions: PostRevision[];
  /** Asks for the older revisions; '' on the last page. */
  nextPageToken: string;
  /** How many revisions the post has; null if the server left it out. */
  totalCount: number | null;
};

/**
 * GET /api/admin/blog-posts/{postId}/revisions?pageSize=&pageToken=: a page
 * of revisions, newest first (a bare array); the next page's token and the
 * count come in the X-Next-Page-Token and X-Total-Count headers.
 */
export async function getPostRevisions(postId: string, pageToken: string, signal?: AbortSignal): Promise<PostRevisionsPage> {
  const path = queryKeyToPath([
    ...postRevisionsQueryKey(postId),
    { pageSize: REVISIONS_PAGE_SIZE, pageToken: pageToken || undefined },
  ]);
  const res = await apiRequest('GET', path, undefined, { signal });
  const revisions = (await res.json()) as PostRevision[] | null;
  return {
    revisions: Array.isArray(revisions) ? revisions : [],
    nextPageToken: nextPageToken(res),
    totalCount: countHeader(res, 'X-Total-Count'),
  };
}

export const getPostRevisionsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: postRevisionsQueryKey(postId),
    queryFn: ({ pageParam, signal }) => getPostRevisions(postId, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: PostRevisionsPage) => last.nextPageToken || undefined,
  });

/** A post's revisions, a page at a time (fetchNextPage for older ones). */
export function usePostRevisions(postId: string) {
  return useInfiniteQuery(getPostRevisionsQueryOptions(postId));
}

/** The revisions of the pages loaded so far, newest first. */
export function loadedRevisions(data: { pages: readonly PostRevisionsPage[] } | undefined): PostRevision[] {
  return data?.pages.flatMap((p) => p.revisions) ?? [];
}
