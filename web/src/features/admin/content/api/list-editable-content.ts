import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EditableContentJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** One editable site text as the API sends it. */
export type EditableContent = Emitted<EditableContentJson>;

/**
 * The public list every page reads its texts from (GET /api/editable-content,
 * a bare array): staff see and edit the same items, and every write
 * invalidates this one key, so the site and the admin both re-read it.
 */
export const editableContentQueryKey = ['/api/editable-content'] as const;

export function listEditableContent(signal?: AbortSignal): Promise<EditableContent[]> {
  return apiGet<EditableContent[]>(queryKeyToPath(editableContentQueryKey), { signal });
}

export const listEditableContentQueryOptions = () =>
  queryOptions({ queryKey: editableContentQueryKey, queryFn: ({ signal }) => listEditableContent(signal) });

export function useEditableContentList() {
  return useQuery(listEditableContentQueryOptions());
}
