import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { contentDeleted } from './content-cache';
import { adminContentQueryKey } from './get-admin-content';

/**
 * DELETE /api/admin/editable-content/{contentKey}. An item that is already
 * gone (404: someone else deleted it) counts as deleted: what was asked for
 * is true.
 */
export async function deleteEditableContent(contentKey: string): Promise<void> {
  try {
    await apiRequest('DELETE', `${adminContentQueryKey[0]}/${encodeURIComponent(contentKey)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return;
    throw err;
  }
}

/** Deletes an item; every list drops it at once and is read again (content-cache). */
export function useDeleteEditableContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEditableContent,
    onSuccess: (_, contentKey) => {
      void contentDeleted(queryClient, contentKey);
    },
  });
}
