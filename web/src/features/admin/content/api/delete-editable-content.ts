import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { readUntil } from '../utils/content-conflict';
import { editableContentQueryKey, listEditableContent, type EditableContent } from './list-editable-content';

/**
 * DELETE /api/admin/editable-content/{contentKey}. An item that is already
 * gone (404: someone else deleted it) counts as deleted: what was asked for
 * is true.
 */
export async function deleteEditableContent(contentKey: string): Promise<void> {
  try {
    await apiRequest('DELETE', `/api/admin/editable-content/${encodeURIComponent(contentKey)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return;
    throw err;
  }
}

/** Deletes an item; the list drops it at once and is re-read from the server. */
export function useDeleteEditableContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEditableContent,
    onSuccess: (_, contentKey) => {
      queryClient.setQueryData<EditableContent[]>(editableContentQueryKey, (items) =>
        items?.filter((i) => i.contentKey !== contentKey),
      );
      // The edge's copy of the list is emptied a moment after the delete:
      // read until it is gone there too, so it does not flash back.
      void readUntil(listEditableContent, (items) => !items.some((i) => i.contentKey === contentKey))
        .then((items) => queryClient.setQueryData<EditableContent[]>(editableContentQueryKey, items))
        .catch(() => undefined);
    },
  });
}
