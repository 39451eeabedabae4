import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { editableContentQueryKey, type EditableContentItem } from '../api/get-editable-content';
import { htmlToPlainText } from './plain-text';

/** SPEC §9: how long a failed edit stays on screen before the text rolls back. */
export const ROLLBACK_DELAY_MS = 200;

/** What a save would store: text items lose markup and have entities decoded (SPEC §4). */
export function valueToSave(type: 'text' | 'html', value: string): string {
  return type === 'text' ? htmlToPlainText(value) : value.trim();
}

/**
 * Whether two values are the same content: text compared as is, HTML as the
 * browser serialises it (so '&#39;' and "'" or attribute order do not count
 * as a change).
 */
export function sameContent(type: 'text' | 'html', a: string, b: string): boolean {
  if (type === 'text') return a === b;
  return canonicalHtml(a) === canonicalHtml(b);
}

function canonicalHtml(html: string): string {
  if (typeof document === 'undefined') return html.trim();
  const t = document.createElement('template');
  t.innerHTML = html.trim();
  return t.innerHTML;
}

export type SaveOutcome = 'unchanged' | 'saved' | 'failed';

/**
 * Saves an item in place (SPEC §4): nothing is sent when the value is
 * unchanged; otherwise the page shows the new value at once, the item is
 * PUT, and on success the list is re-read from the server. On failure the
 * old value comes back after ROLLBACK_DELAY_MS.
 */
export async function saveEditable(
  queryClient: QueryClient,
  contentKey: string,
  type: 'text' | 'html',
  current: string,
  edited: string,
): Promise<SaveOutcome> {
  const next = valueToSave(type, edited);
  if (sameContent(type, next, current)) return 'unchanged';
  const previous = queryClient.getQueryData<EditableContentItem[]>(editableContentQueryKey);
  const withValue = (content: string) => (items: EditableContentItem[] | undefined) =>
    items?.some((i) => i.contentKey === contentKey)
      ? items.map((i) => (i.contentKey === contentKey ? { ...i, content } : i))
      : [...(items ?? []), { contentKey, content, contentType: type }];
  await queryClient.cancelQueries({ queryKey: editableContentQueryKey });
  queryClient.setQueryData<EditableContentItem[]>(editableContentQueryKey, withValue(next));
  try {
    await apiRequest('PUT', `/api/admin/editable-content/${encodeURIComponent(contentKey)}`, { content: next });
  } catch {
    await new Promise((r) => setTimeout(r, ROLLBACK_DELAY_MS));
    queryClient.setQueryData<EditableContentItem[]>(
      editableContentQueryKey,
      previous ?? withValue(current),
    );
    return 'failed';
  }
  await queryClient.invalidateQueries({ queryKey: editableContentQueryKey });
  return 'saved';
}
