import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostFieldsJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiRequest } from '@/lib/api-client';
import type { AdminPost } from './get-admin-posts';
import { postSaved } from './post-cache';

/** POST /api/admin/blog-posts: the body is the post's fields; the answer is the stored post. */
export async function createPost(fields: PostFieldsJson): Promise<AdminPost> {
  const res = await apiRequest('POST', '/api/admin/blog-posts', fields);
  return (await res.json()) as AdminPost;
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPost, onSuccess: (post) => postSaved(queryClient, post) });
}
