import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostFieldsJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiRequest, queryKeyToPath } from '@/lib/api-client';
import { adminPostQueryKey } from './get-admin-post';
import type { AdminPost } from './get-admin-posts';
import { postSaved } from './post-cache';

/**
 * PUT /api/admin/blog-posts/{id}: replaces the post's fields; the version it
 * replaces becomes a revision. fields.baseVersion is the version the edit
 * was based on: a newer stored one refuses the write with a 409
 * (staleVersion in lib/api-errors says who saved it).
 */
export async function updatePost({ id, fields }: { id: string; fields: PostFieldsJson }): Promise<AdminPost> {
  const res = await apiRequest('PUT', queryKeyToPath(adminPostQueryKey(id)), fields);
  return (await res.json()) as AdminPost;
}

/**
 * onSaved hears of the saved post before the query cache does, so the form
 * knows the new version is its own when the cached post changes under it
 * (rather than taking it for someone else's).
 */
export function useUpdatePost({ onSaved }: { onSaved?: (post: AdminPost) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => {
      onSaved?.(post);
      return postSaved(queryClient, post);
    },
  });
}
