import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, queryKeyToPath } from '@/lib/api-client';
import { readDataBlock } from '@/lib/data-block';
import type { BlogPost } from '../types';

/** The data block the edge serves an article with: the post exactly as the API answers it (ADR 0003). */
export const POST_DATA_BLOCK = 'post-data';

/** The post this page was served with, if it is the one asked for. */
export function embeddedBlogPost(slug: string): BlogPost | undefined {
  const post = readDataBlock(POST_DATA_BLOCK) as BlogPost | undefined;
  return post && typeof post === 'object' && post.slug === slug && typeof post.title === 'string' ? post : undefined;
}

/** Under the list's key, so staff edits that invalidate ['/api/blog-posts'] reach it too. */
export const blogPostQueryKey = (slug: string) => ['/api/blog-posts', slug] as const;

/**
 * GET /api/blog-posts/{slug}: one published post, or null when there is no
 * such published post (404). Other failures throw.
 */
export async function getBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost | null> {
  try {
    const post = await apiGet<BlogPost>(queryKeyToPath(blogPostQueryKey(slug)), { signal });
    return post && typeof post === 'object' && typeof post.title === 'string' ? post : null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

export const getBlogPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: blogPostQueryKey(slug),
    queryFn: ({ signal }) => getBlogPost(slug, signal),
    // The served page carries the post it shows: hydration renders it
    // without fetching it again.
    initialData: () => embeddedBlogPost(slug),
  });

export function useBlogPost(slug: string) {
  return useQuery(getBlogPostQueryOptions(slug));
}
