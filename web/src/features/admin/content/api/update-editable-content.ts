import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isNewer, readUntil } from '../utils/content-conflict';
import { editableContentQueryKey, listEditableContent, type EditableContent } from './list-editable-content';

export type UpdateEditableContentInput = {
  contentKey: string;
  content: string;
  /**
   * The version the edit was based on (issue 28): a newer stored version
   * refuses the write with a STALE_VERSION 409. Absent, the write is
   * unconditional.
   */
  baseVersion?: string;
  /** Moves the item to another category; absent leaves it. */
  category?: string;
  /** Replaces the note for staff ('' clears it); absent leaves it. */
  description?: string;
};

/** PUT /api/admin/editable-content/{contentKey}: the key and type never change. */
export async function updateEditableContent({ contentKey, ...body }: UpdateEditableContentInput): Promise<EditableContent> {
  const res = await apiRequest('PUT', `/api/admin/editable-content/${encodeURIComponent(contentKey)}`, body);
  return (await res.json()) as EditableContent;
}

/** Saves an item; the list shows it at once and is re-read from the server (SPEC §7). */
export function useUpdateEditableContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEditableContent,
    onSuccess: (item) => {
      // Never back to an older version of the saved item: the edge's copy of
      // the list is emptied by an event a moment after the save, so the
      // first re-read may still be the old list (see readUntil).
      const keepSaved = (items: EditableContent[] | undefined) =>
        items?.map((i) => (i.contentKey === item.contentKey && !isNewer(i.version, item.version) ? item : i));
      queryClient.setQueryData<EditableContent[]>(editableContentQueryKey, keepSaved);
      void readUntil(listEditableContent, (items) => {
        const stored = items.find((i) => i.contentKey === item.contentKey);
        return !stored || !isNewer(item.version, stored.version);
      })
        .then((items) => queryClient.setQueryData<EditableContent[]>(editableContentQueryKey, keepSaved(items)))
        .catch(() => undefined);
    },
  });
}
