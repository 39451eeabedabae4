import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostFieldsJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiRequest, queryKeyToPath } from '@/lib/api-client';
import { adminPostQueryKey } from './get-admin-post';
import type { AdminPost } from './get-admin-posts';
import { postSaved } from './post-cache';

/** PUT /api/admin/blog-posts/{id}: replaces the post's fields; the version it replaces becomes a revision. */
export async function updatePost({ id, fields }: { id: string; fields: PostFieldsJson }): Promise<AdminPost> {
  const res = await apiRequest('PUT', queryKeyToPath(adminPostQueryKey(id)), fields);
  return (await res.json()) as AdminPost;
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePost, onSuccess: (post) => postSaved(queryClient, post) });
}
