import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EditableContentJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/**
 * One editable site text (SPEC §3 "editable_content") as GET
 * /api/editable-content lists it (the proto's EditableContent as JSON).
 * contentType 'text' is plain text; 'html' is sanitised HTML.
 */
export type EditableContentItem = Pick<Emitted<EditableContentJson>, 'contentKey' | 'content' | 'contentType'> &
  Partial<Emitted<EditableContentJson>>;

// Staff edits invalidate this key so every page re-reads the list.
export const editableContentQueryKey = ['/api/editable-content'] as const;

/**
 * GET /api/editable-content — a bare JSON array of every editable text item.
 * Entries without a string key and content are dropped, so a malformed item
 * falls back to the page's built-in text instead of breaking the page.
 */
export async function getEditableContent(signal?: AbortSignal): Promise<EditableContentItem[]> {
  let items: unknown;
  try {
    items = await apiGet<unknown>(queryKeyToPath(editableContentQueryKey), { signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new Error('Failed to fetch editable content', { cause });
  }
  if (!Array.isArray(items)) throw new Error('Failed to fetch editable content');
  return items.filter(isEditableContentItem);
}

function isEditableContentItem(value: unknown): value is EditableContentItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.contentKey === 'string' && typeof item.content === 'string';
}

export const getEditableContentQueryOptions = () =>
  queryOptions({
    queryKey: editableContentQueryKey,
    queryFn: ({ signal }) => getEditableContent(signal),
  });

export function useEditableContent() {
  return useQuery(getEditableContentQueryOptions());
}
