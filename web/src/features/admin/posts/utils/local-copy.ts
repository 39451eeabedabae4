// Issue 28 "nothing typed is lost": a copy of the post form in this
// browser's localStorage, written at every change, so a reload, a closed
// tab or a crash never takes what was typed with it. One copy per post (or
// "new"), with when it was typed and the stored version it was based on.
import type { PostFormValues } from './post-form';

export type LocalCopy = {
  values: PostFormValues;
  /** When it was typed (RFC 3339). */
  savedAt: string;
  /** The stored version the form was based on; null for a post not yet stored. */
  baseVersion: string | null;
};

const PREFIX = 'trenchless.post-form.';

/** The storage key of a post's copy: its id, or "new" for a post not yet stored. */
export function localCopyKey(postId: string | undefined): string {
  return PREFIX + (postId ?? 'new');
}

/**
 * The browser's localStorage, or null where there is none (private modes,
 * storage switched off, tests): the form then simply keeps no copy.
 */
function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const FIELDS: readonly (keyof PostFormValues)[] = [
  'title',
  'slug',
  'excerpt',
  'content',
  'imageUrl',
  'category',
  'seoTitle',
  'seoDescription',
  'socialImageUrl',
  'isPublished',
  'publishedAt',
];

/**
 * Fields newer than some copies: a copy typed before the form had them
 * (issue 28's search-and-social fields) is still offered, with them empty.
 */
const LATER_FIELDS: ReadonlySet<keyof PostFormValues> = new Set(['seoTitle', 'seoDescription', 'socialImageUrl']);

function isFormValues(v: unknown): v is PostFormValues {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return FIELDS.every((f) => {
    if (f === 'isPublished') return typeof r[f] === 'boolean';
    return typeof r[f] === 'string' || (LATER_FIELDS.has(f) && r[f] === undefined);
  });
}

/** The stored copy of a post's form, or null (none, or not one this code wrote). */
export function readLocalCopy(postId: string | undefined, storage: Storage | null = defaultStorage()): LocalCopy | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(localCopyKey(postId)) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<LocalCopy> | null;
    if (!parsed || !isFormValues(parsed.values) || typeof parsed.savedAt !== 'string') return null;
    const baseVersion = typeof parsed.baseVersion === 'string' ? parsed.baseVersion : null;
    return { values: pick(parsed.values), savedAt: parsed.savedAt, baseVersion };
  } catch {
    return null;
  }
}

/** Keeps the copy; a full or refused storage is not the person's problem (the form still has it all). */
export function writeLocalCopy(postId: string | undefined, copy: LocalCopy, storage: Storage | null = defaultStorage()): void {
  try {
    storage?.setItem(localCopyKey(postId), JSON.stringify({ ...copy, values: pick(copy.values) }));
  } catch {
    // Quota exceeded or storage refused: nothing to do.
  }
}

export function removeLocalCopy(postId: string | undefined, storage: Storage | null = defaultStorage()): void {
  try {
    storage?.removeItem(localCopyKey(postId));
  } catch {
    // As above.
  }
}

/** Whether two forms hold the same post (every field alike). */
export function sameFormValues(a: PostFormValues, b: PostFormValues): boolean {
  return FIELDS.every((f) => a[f] === b[f]);
}

/**
 * The copy to offer back when the form opens: one whose values differ from
 * what the form shows (the stored post, or an empty form). A copy equal to
 * it holds nothing unsaved, so it is not worth a question.
 */
export function copyToOffer(copy: LocalCopy | null, shown: PostFormValues): LocalCopy | null {
  return copy && !sameFormValues(copy.values, shown) ? copy : null;
}

/** Only the form's own fields (a copy written by other code keeps nothing else). */
function pick(values: PostFormValues): PostFormValues {
  return Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? ''])) as PostFormValues;
}
