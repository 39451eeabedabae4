// What a write to a post changes in the query cache, said once for every
// mutation: the admin list (exactly that key: the post and its revisions
// sit under the same prefix), the post itself, its revisions, and every
// public read of posts (the home page preview, /resources, /blog/{slug}).
import type { QueryClient } from '@tanstack/react-query';
import { adminPostQueryKey } from './get-admin-post';
import { adminPostsQueryKey, type AdminPost } from './get-admin-posts';
import { postRevisionsQueryKey } from './get-post-revisions';

/** The public reads' prefix (features/blog's keys start with it: ['/api/blog-posts', …]). */
export const publicPostsQueryKey = ['/api/blog-posts'] as const;

/** After a create, update or restore: the server's answer is the post now. */
export function postSaved(queryClient: QueryClient, post: AdminPost): Promise<unknown> {
  queryClient.setQueryData(adminPostQueryKey(post.id), post);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPostsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: postRevisionsQueryKey(post.id), exact: true }),
    queryClient.invalidateQueries({ queryKey: publicPostsQueryKey }),
  ]);
}

/**
 * After a delete: the post and its revisions are gone. Only copies nobody
 * shows are dropped: a page still showing the post (the form it was deleted
 * from, about to leave) would otherwise fetch it again and find it missing.
 * Its copy goes when that page does (the post's query keeps nothing unused).
 */
export function postDeleted(queryClient: QueryClient, id: string): Promise<unknown> {
  queryClient.removeQueries({ queryKey: adminPostQueryKey(id), type: 'inactive' });
  queryClient.setQueryData<AdminPost[]>(adminPostsQueryKey, (posts) => posts?.filter((p) => p.id !== id));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPostsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: publicPostsQueryKey }),
  ]);
}
