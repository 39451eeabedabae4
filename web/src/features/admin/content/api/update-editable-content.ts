import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { editableContentQueryKey, type EditableContent } from './list-editable-content';

export type UpdateEditableContentInput = { contentKey: string; content: string };

/** PUT /api/admin/editable-content/{contentKey} with {content}: the key never changes. */
export async function updateEditableContent({ contentKey, content }: UpdateEditableContentInput): Promise<EditableContent> {
  const res = await apiRequest('PUT', `/api/admin/editable-content/${encodeURIComponent(contentKey)}`, { content });
  return (await res.json()) as EditableContent;
}

/** Saves an item's content; the list shows it at once and is re-read from the server (SPEC §7). */
export function useUpdateEditableContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEditableContent,
    onSuccess: (item) => {
      queryClient.setQueryData<EditableContent[]>(editableContentQueryKey, (items) =>
        items?.map((i) => (i.contentKey === item.contentKey ? item : i)),
      );
      void queryClient.invalidateQueries({ queryKey: editableContentQueryKey });
    },
  });
}
