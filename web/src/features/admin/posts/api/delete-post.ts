import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, queryKeyToPath } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { adminPostQueryKey } from './get-admin-post';
import { postDeleted } from './post-cache';

/** DELETE /api/admin/blog-posts/{id}: the post and its revisions. */
export async function deletePost(id: string): Promise<void> {
  await apiRequest('DELETE', queryKeyToPath(adminPostQueryKey(id)));
}

/** Deletes a post and says how it went (the list and the form delete alike). */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_, id) => {
      toast({ title: 'Success', description: 'Blog post deleted successfully' });
      return postDeleted(queryClient, id);
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'Failed to delete blog post' }),
  });
}
