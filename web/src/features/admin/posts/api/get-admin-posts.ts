import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { PostJson, PostListItemJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiRequest, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { countHeader, nextPageToken } from '@/lib/page-headers';
import type { PostSort } from '../utils/post-list';

/** A post as staff see it: drafts and scheduled posts too (GET /api/admin/blog-posts/{id}). */
export type AdminPost = Emitted<PostJson>;

/**
 * A post as the staff list sends it (proto content.v1 PostListItem):
 * everything but the body and what is made from it, plus listAt, the date
 * the list is ordered by. Never a post to edit or preview: those read the
 * whole post (get-admin-post).
 */
export type AdminPostSummary = Emitted<PostListItemJson>;

/** The path of the list; one post (and its revisions) lives under it too: ['/api/admin/blog-posts', id]. */
export const adminPostsQueryKey = ['/api/admin/blog-posts'] as const;

/**
 * Every list read, whatever its search, order and page size, and none of
 * the single posts or their revisions: a filter for invalidateQueries and
 * setQueriesData (an empty object matches any query-string object, never
 * an id).
 */
export const adminPostListsQueryKey = [adminPostsQueryKey[0], {}] as const;

/** Posts per page of the list (the server's own default; it allows up to 200). */
export const ADMIN_POSTS_PAGE_SIZE = 50;

export type AdminPostListParams = {
  /** Titles containing every word of it, in any case ('' = every post). */
  query?: string;
  sort?: PostSort;
  /** The posts written in one language (issue 40); '' or none: every language. */
  language?: '' | 'en' | 'es';
  pageSize?: number;
};

/** One page of the list, with the counts the server sends alongside it. */
export type AdminPostsPage = {
  /** The search this page answers (trimmed; '' for none). */
  query: string;
  posts: AdminPostSummary[];
  /** Asks for the next page; '' on the last one. */
  nextPageToken: string;
  /** Posts matching the search (every post without one); null if the server left it out. */
  totalCount: number | null;
  /** Every post, whatever the search; null if the server left it out. */
  postCount: number | null;
};

export type AdminPostListData = InfiniteData<AdminPostsPage, string>;

/** The list's query string: what the key holds (defaults left out), so a key is its request. */
function listParams({ query = '', sort = 'newest', language = '', pageSize = ADMIN_POSTS_PAGE_SIZE }: AdminPostListParams) {
  const words = query.trim().replace(/\s+/g, ' ');
  return { pageSize, query: words || undefined, sort: sort === 'newest' ? undefined : sort, language: language || undefined };
}

export const adminPostListQueryKey = (params: AdminPostListParams) => [adminPostsQueryKey[0], listParams(params)] as const;

/**
 * GET /api/admin/blog-posts?pageSize=&pageToken=&query=&sort=&language=: one page of
 * post summaries (a bare array), drafts and scheduled posts included; the
 * next page's token and the counts come in the X-Next-Page-Token,
 * X-Total-Count and X-Post-Count headers.
 */
export async function listAdminPosts(params: AdminPostListParams, pageToken: string, signal?: AbortSignal): Promise<AdminPostsPage> {
  const path = queryKeyToPath([adminPostsQueryKey[0], { ...listParams(params), pageToken: pageToken || undefined }]);
  const res = await apiRequest('GET', path, undefined, { signal });
  const posts = (await res.json()) as AdminPostSummary[];
  return {
    query: listParams(params).query ?? '',
    posts,
    nextPageToken: nextPageToken(res),
    totalCount: countHeader(res, 'X-Total-Count'),
    postCount: countHeader(res, 'X-Post-Count'),
  };
}

export const adminPostListQueryOptions = (params: AdminPostListParams) =>
  infiniteQueryOptions({
    queryKey: adminPostListQueryKey(params),
    queryFn: ({ pageParam, signal }) => listAdminPosts(params, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: AdminPostsPage) => last.nextPageToken || undefined,
  });

/**
 * The list, a page at a time (fetchNextPage for more). While a new search
 * or order loads, the previous answer stays on screen (isPlaceholderData).
 */
export function useAdminPostList(params: AdminPostListParams) {
  return useInfiniteQuery({ ...adminPostListQueryOptions(params), placeholderData: keepPreviousData });
}
