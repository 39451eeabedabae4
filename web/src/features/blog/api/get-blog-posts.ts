import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Locale } from '@/i18n/locale';
import type { BlogPostSummary } from '../types';

/** The home page's blog preview shows three posts (SPEC §9). */
export const BLOG_PREVIEW_LIMIT = 3;

export type GetBlogPostsParams = {
  limit?: number;
  /** The posts written in one language (issue 40); none: every language. */
  language?: Locale;
};

// Every blog-post list key starts with the collection path, so staff edits can
// invalidate them all with ['/api/blog-posts'].
export const blogPostsQueryKey = (params: GetBlogPostsParams = {}) =>
  ['/api/blog-posts', { limit: params.limit, language: params.language }] as const;

/**
 * GET /api/blog-posts[?limit=N][&language=en|es] — a bare JSON array of
 * published posts, newest first.
 * Any failure surfaces as 'Failed to fetch blog posts' (SPEC §8), with the
 * underlying ApiError kept as `cause`.
 */
export async function getBlogPosts(
  params: GetBlogPostsParams = {},
  signal?: AbortSignal,
): Promise<BlogPostSummary[]> {
  let posts: unknown;
  try {
    posts = await apiGet<unknown>(queryKeyToPath(blogPostsQueryKey(params)), { signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new Error('Failed to fetch blog posts', { cause });
  }
  if (!Array.isArray(posts)) throw new Error('Failed to fetch blog posts');
  return posts as BlogPostSummary[];
}

export const getBlogPostsQueryOptions = (params: GetBlogPostsParams = {}) =>
  queryOptions({
    queryKey: blogPostsQueryKey(params),
    queryFn: ({ signal }) => getBlogPosts(params, signal),
  });

export function useBlogPosts(params: GetBlogPostsParams = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBlogPostsQueryOptions(params), enabled });
}
