import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, queryKeyToPath } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import type { AdminPost } from './get-admin-posts';
import { postSaved } from './post-cache';
import { postRevisionsQueryKey } from './get-post-revisions';

/**
 * POST /api/admin/blog-posts/{postId}/revisions/{revisionId}/restore: the
 * revision becomes the post; the version it replaces is kept as a revision.
 */
export async function restorePostRevision({ postId, revisionId }: { postId: string; revisionId: string }): Promise<AdminPost> {
  const res = await apiRequest('POST', `${queryKeyToPath(postRevisionsQueryKey(postId))}/${encodeURIComponent(revisionId)}/restore`);
  return (await res.json()) as AdminPost;
}

/** onRestored hears of the restored post before the query cache does (see useUpdatePost). */
export function useRestorePostRevision({ onRestored }: { onRestored?: (post: AdminPost) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restorePostRevision,
    onSuccess: (post) => {
      onRestored?.(post);
      toast({ title: 'Success', description: 'Revision restored successfully' });
      return postSaved(queryClient, post);
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'Failed to restore revision' }),
  });
}
