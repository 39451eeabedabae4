// What a write to a post changes in the query cache, said once for every
// mutation: every read of the admin list (each search, order and page size:
// adminPostListsQueryKey, which leaves out the single posts and their
// revisions sitting under the same path), the post itself, its revisions,
// and every public read of posts (the home page preview, /resources,
// /blog/{slug}).
import type { QueryClient } from '@tanstack/react-query';
import { adminPostQueryKey } from './get-admin-post';
import { adminPostListsQueryKey, type AdminPost, type AdminPostListData } from './get-admin-posts';
import { postRevisionsQueryKey } from './get-post-revisions';

/** The public reads' prefix (features/blog's keys start with it: ['/api/blog-posts', …]). */
export const publicPostsQueryKey = ['/api/blog-posts'] as const;

/**
 * After a create, update or restore: the server's answer is the post now.
 * The lists are read again: the post may have moved (a new title or date)
 * or now match a search it did not.
 */
export function postSaved(queryClient: QueryClient, post: AdminPost): Promise<unknown> {
  queryClient.setQueryData(adminPostQueryKey(post.id), post);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPostListsQueryKey }),
    queryClient.invalidateQueries({ queryKey: postRevisionsQueryKey(post.id), exact: true }),
    queryClient.invalidateQueries({ queryKey: publicPostsQueryKey }),
  ]);
}

/**
 * After a delete: the post and its revisions are gone. Only copies nobody
 * shows are dropped: a page still showing the post (the form it was deleted
 * from, about to leave) would otherwise fetch it again and find it missing.
 * Its copy goes when that page does (the post's query keeps nothing unused).
 * Every list drops it at once (and counts one post fewer), then is read again.
 */
export function postDeleted(queryClient: QueryClient, id: string): Promise<unknown> {
  queryClient.removeQueries({ queryKey: adminPostQueryKey(id), type: 'inactive' });
  queryClient.setQueriesData<AdminPostListData>({ queryKey: adminPostListsQueryKey }, (data) => data && withoutPost(data, id));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPostListsQueryKey }),
    queryClient.invalidateQueries({ queryKey: publicPostsQueryKey }),
  ]);
}

/** The lists without a deleted post, counting one fewer where it was; the same object if no page had it. */
export function withoutPost(data: AdminPostListData, id: string): AdminPostListData {
  if (!data.pages.some((page) => page.posts.some((p) => p.id === id))) return data;
  const fewer = (n: number | null) => (n === null ? null : Math.max(0, n - 1));
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      posts: page.posts.filter((p) => p.id !== id),
      totalCount: fewer(page.totalCount),
      postCount: fewer(page.postCount),
    })),
  };
}
