import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contentSaved } from './content-cache';
import { adminContentQueryKey } from './get-admin-content';
import type { EditableContent } from './list-editable-content';

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
  /**
   * 'es' saves the Spanish text (issue 40): baseVersion is then the Spanish
   * text's version, and category and description are not sent (they are the
   * English text's). Absent saves the English text.
   */
  locale?: 'es';
};

/** PUT /api/admin/editable-content/{contentKey}: the key and type never change. */
export async function updateEditableContent({ contentKey, ...body }: UpdateEditableContentInput): Promise<EditableContent> {
  const res = await apiRequest('PUT', `${adminContentQueryKey[0]}/${encodeURIComponent(contentKey)}`, body);
  return (await res.json()) as EditableContent;
}

/** Saves an item; lists holding it show it at once and are read again (content-cache, SPEC §7). */
export function useUpdateEditableContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEditableContent,
    onSuccess: (item) => {
      void contentSaved(queryClient, item);
    },
  });
}
