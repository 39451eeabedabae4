import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEditableContentRequestJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { editableContentQueryKey, type EditableContent } from './list-editable-content';

export type CreateEditableContentInput = Emitted<CreateEditableContentRequestJson>;

/** POST /api/admin/editable-content: the created item (a key in use is 409). */
export async function createEditableContent(input: CreateEditableContentInput): Promise<EditableContent> {
  const res = await apiRequest('POST', '/api/admin/editable-content', input);
  return (await res.json()) as EditableContent;
}

/** Creates an item; the list shows it at once and is re-read from the server. */
export function useCreateEditableContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEditableContent,
    onSuccess: (item) => {
      queryClient.setQueryData<EditableContent[]>(editableContentQueryKey, (items) =>
        items ? [...items.filter((i) => i.contentKey !== item.contentKey), item] : items,
      );
      void queryClient.invalidateQueries({ queryKey: editableContentQueryKey });
    },
  });
}
