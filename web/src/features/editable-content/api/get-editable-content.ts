import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EditableContentJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { readDataBlock } from '@/lib/data-block';
import { pageLocale, servedLocale, useEditableLocale, type EditableLocale, type WithSpanish } from '../locale';

/**
 * One editable site text (SPEC §3 "editable_content") as GET
 * /api/editable-content lists it (the proto's EditableContent as JSON).
 * contentType 'text' is plain text; 'html' is sanitised HTML. In the Spanish
 * list (issue 40) `locale` says the language of `content`, and `fallback`
 * marks an English text standing in for a missing Spanish one.
 */
export type EditableContentItem = WithSpanish<
  Pick<Emitted<EditableContentJson>, 'contentKey' | 'content' | 'contentType'> & Partial<Emitted<EditableContentJson>>
>;

// The English list. Staff edits invalidate every key under its path (the
// Spanish list's too), so every page re-reads its list.
export const editableContentQueryKey = ['/api/editable-content'] as const;

/** The list of one language: the English key, or the Spanish one (…?locale=es). */
export function editableContentKey(locale: EditableLocale) {
  return locale === 'en' ? editableContentQueryKey : ([editableContentQueryKey[0], { locale }] as const);
}

/** The id of the data block the edge fills with the items the page was served with. */
export const EDITABLE_CONTENT_BLOCK = 'editable-content';

/**
 * GET /api/editable-content — a bare JSON array of every editable text item,
 * in English or (?locale=es) in Spanish. Entries without a string key and
 * content are dropped, so a malformed item falls back to the page's built-in
 * text instead of breaking the page.
 */
export async function getEditableContent(signal?: AbortSignal, locale: EditableLocale = 'en'): Promise<EditableContentItem[]> {
  let items: unknown;
  try {
    items = await apiGet<unknown>(queryKeyToPath(editableContentKey(locale)), { signal });
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

/** The items the edge served this page with, if it did. */
export function embeddedEditableContent(): EditableContentItem[] | undefined {
  const items = readDataBlock(EDITABLE_CONTENT_BLOCK);
  return Array.isArray(items) ? items.filter(isEditableContentItem) : undefined;
}

/** The list of the page's language (the current page's by default). */
export const getEditableContentQueryOptions = (locale: EditableLocale = pageLocale()) =>
  queryOptions({
    queryKey: editableContentKey(locale),
    queryFn: ({ signal }) => getEditableContent(signal, locale),
    // What the HTML was filled with: no fetch on hydration (data never goes
    // stale, SPEC §9). Without it (a prerendered file served as it is) the
    // list is fetched and the build-time text stands until it arrives. The
    // block is in the language the page was served in: after a switch of
    // language in the app, the other language's list is fetched.
    initialData: () => (locale === servedLocale() ? embeddedEditableContent() : undefined),
    // Marks the list as the page's (never fetched): see useEditableItem.
    initialDataUpdatedAt: 0,
  });

export function useEditableContent() {
  return useQuery(getEditableContentQueryOptions(useEditableLocale()));
}

/**
 * One item by key, or undefined while the list is unknown or has no such item.
 * The page's data block carries the items its own page shows and the short
 * ones, not every long text (the edge's sitepage.SharedItemMax): an item the
 * page's list lacks (a legal body after a client-side navigation, say) has
 * the whole list fetched, once.
 */
export function useEditableItem(key: string): EditableContentItem | undefined {
  const { data, dataUpdatedAt, errorUpdateCount, isFetching, refetch } = useQuery({
    ...getEditableContentQueryOptions(useEditableLocale()),
    select: (items) => items.find((i) => i.contentKey === key),
  });
  const pageListOnly = dataUpdatedAt === 0;
  // A failed fetch is not retried here: the built-in text stands.
  const fetchMissing = pageListOnly && data === undefined && errorUpdateCount === 0;
  useEffect(() => {
    if (fetchMissing && !isFetching) void refetch({ cancelRefetch: false });
  }, [fetchMissing, isFetching, refetch]);
  return data;
}
