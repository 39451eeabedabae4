import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEditableContentRequestJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { contentSaved } from './content-cache';
import { adminContentQueryKey } from './get-admin-content';
import type { EditableContent } from './list-editable-content';

/** The SPEC §7 payload; the Spanish text (contentEs, issue 40) may be left out. */
export type CreateEditableContentInput = Omit<Emitted<CreateEditableContentRequestJson>, 'contentEs'> & { contentEs?: string };

/** POST /api/admin/editable-content: the created item (a key in use is 409). */
export async function createEditableContent(input: CreateEditableContentInput): Promise<EditableContent> {
  const res = await apiRequest('POST', adminContentQueryKey[0], input);
  return (await res.json()) as EditableContent;
}

/** Creates an item; the lists are read again (content-cache). */
export function useCreateEditableContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEditableContent,
    onSuccess: (item) => {
      void contentSaved(queryClient, item);
    },
  });
}
