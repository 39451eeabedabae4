import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staleVersion, type StaleVersion } from '@/lib/api-errors';
import { editableContentKey, getEditableContent, type EditableContentItem } from '../api/get-editable-content';
import { inLocale, pageLocale, type EditableLocale } from '../locale';
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

export type SaveOutcome =
  | { status: 'unchanged' }
  | { status: 'saved' }
  | { status: 'failed' }
  /**
   * Someone saved a newer version after the editor opened (issue 28): nothing
   * was written; the page shows theirs (`theirs`, undefined when it could not
   * be read) and the caller asks which to keep.
   */
  | { status: 'conflict'; stale: StaleVersion; theirs: EditableContentItem | undefined };

/** How often, and how far apart, the list is read after a conflict until it has the newer version. */
const THEIRS_TRIES = 8;
const THEIRS_DELAY_MS = 250;

/** An API version (int64 as a decimal string) as a number to compare; 0 when missing. */
function versionOf(version: string | undefined): bigint {
  return version && /^\d+$/.test(version) ? BigInt(version) : 0n;
}

/**
 * The list of `locale` from the server once it has at least `version` of the
 * item (or no such item). The edge's copy of the list is emptied by an event
 * a moment after a save, so an early read may still be older: read again a
 * few times, then take the last answer.
 */
async function readList(contentKey: string, version: string | undefined, locale: EditableLocale): Promise<EditableContentItem[]> {
  let items: EditableContentItem[] = [];
  for (let i = 0; i < THEIRS_TRIES; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, THEIRS_DELAY_MS));
    items = await getEditableContent(undefined, locale);
    const item = items.find((it) => it.contentKey === contentKey);
    if (!item || versionOf(item.version) >= versionOf(version)) break;
  }
  return items;
}

/** The stored item after a conflict, read into the page's list (so the page shows it). */
async function readTheirs(queryClient: QueryClient, contentKey: string, version: string, locale: EditableLocale): Promise<EditableContentItem | undefined> {
  const items = await readList(contentKey, version, locale);
  queryClient.setQueryData<EditableContentItem[]>(editableContentKey(locale), items);
  return items.find((item) => item.contentKey === contentKey);
}

/**
 * Saves an item in place (SPEC §4): nothing is sent when the value is
 * unchanged; otherwise the page shows the new value at once, the item is
 * PUT with the version the edit was based on, and on success the list is
 * re-read from the server. When a newer version refuses the write, the page
 * shows the stored one and the outcome says whose it is; on any other
 * failure the old value comes back after ROLLBACK_DELAY_MS. On a Spanish
 * page (issue 40) the Spanish text is saved (locale "es"), based on its own
 * version, and the Spanish list is the one shown and re-read.
 */
export async function saveEditable(
  queryClient: QueryClient,
  contentKey: string,
  type: 'text' | 'html',
  current: string,
  edited: string,
  /** The version the editor was opened on (absent: the page never had it, and the write is unconditional). */
  baseVersion?: string,
  /** The page's language: whose text is saved. */
  locale: EditableLocale = pageLocale(),
): Promise<SaveOutcome> {
  const next = valueToSave(type, edited);
  if (sameContent(type, next, current)) return { status: 'unchanged' };
  const listKey = editableContentKey(locale);
  const previous = queryClient.getQueryData<EditableContentItem[]>(listKey);
  const withValue = (content: string) => (items: EditableContentItem[] | undefined) =>
    items?.some((i) => i.contentKey === contentKey)
      ? items.map((i) => (i.contentKey === contentKey ? { ...i, content } : i))
      : [...(items ?? []), { contentKey, content, contentType: type }];
  const rollBack = () => queryClient.setQueryData<EditableContentItem[]>(listKey, previous ?? withValue(current));
  await queryClient.cancelQueries({ queryKey: listKey, exact: true });
  queryClient.setQueryData<EditableContentItem[]>(listKey, withValue(next));
  const body = {
    content: next,
    ...(versionOf(baseVersion) > 0n ? { baseVersion } : {}),
    ...(locale === 'es' ? { locale } : {}),
  };
  let res: Response;
  try {
    res = await apiRequest('PUT', `/api/admin/editable-content/${encodeURIComponent(contentKey)}`, body);
  } catch (err) {
    const stale = staleVersion(err);
    if (stale) {
      const theirs = await readTheirs(queryClient, contentKey, stale.version, locale).catch(() => undefined);
      if (!theirs) rollBack();
      return { status: 'conflict', stale, theirs };
    }
    await new Promise((r) => setTimeout(r, ROLLBACK_DELAY_MS));
    rollBack();
    return { status: 'failed' };
  }
  // The item as stored (both languages), with its new version: the next
  // edit is based on it. The list is re-read, but never back to an older
  // version of this item.
  const saved = (await res.json().catch(() => null)) as EditableContentItem | null;
  const ok = saved && typeof saved.contentKey === 'string' && typeof saved.content === 'string' ? inLocale(saved, locale) : null;
  const keepSaved = (items: EditableContentItem[] | undefined) =>
    ok ? items?.map((i) => (i.contentKey === contentKey && versionOf(i.version) <= versionOf(ok.version) ? { ...i, ...ok } : i)) : items;
  queryClient.setQueryData<EditableContentItem[]>(listKey, keepSaved);
  // The other language's list may show this text too (an English one where
  // no Spanish is set): read it again when it is next shown.
  void queryClient.invalidateQueries({ queryKey: editableContentKey(locale === 'es' ? 'en' : 'es'), exact: true });
  try {
    queryClient.setQueryData<EditableContentItem[]>(listKey, keepSaved(await readList(contentKey, ok?.version, locale)));
  } catch {
    // The page keeps what was saved.
  }
  return { status: 'saved' };
}
