// Issue 28's edit conflicts in the Site Content form: which of two versions
// of an item is newer, and what differs between theirs and the form's, in
// words people read (HTML items as their text, categories by name).
import { categoryLabel, plainText } from './content-items';

/** What the form edits of an item. */
export type ContentFields = { content: string; category: string; description: string };

/** A field whose two versions differ, as text for the conflict dialog. */
export type ContentDifference = { label: string; theirs: string; yours: string };

/** An API version (int64 as a decimal string) as a number to compare; 0 when missing or malformed. */
export function versionOf(version: string | undefined | null): bigint {
  if (!version || !/^\d+$/.test(version)) return 0n;
  return BigInt(version);
}

/** Whether `version` is newer than `than` (both as the API writes them). */
export function isNewer(version: string | undefined | null, than: string | undefined | null): boolean {
  return versionOf(version) > versionOf(than);
}

const NO_DESCRIPTION = 'No description';
const SAME_WORDS = ' (same words, different formatting)';

/**
 * The fields that differ between their version and yours, in page order.
 * HTML content is compared as markup but shown as its words; when only the
 * formatting differs, both sides say so, so the row does not look equal.
 * Descriptions are compared as the server stores them (trimmed).
 */
export function contentDifferences(type: 'html' | 'text', theirs: ContentFields, yours: ContentFields): ContentDifference[] {
  const rows: ContentDifference[] = [];
  if (theirs.content !== yours.content) {
    if (type === 'html') {
      const a = plainText(theirs.content);
      const b = plainText(yours.content);
      rows.push(a === b ? { label: 'Content', theirs: a + SAME_WORDS, yours: b + SAME_WORDS } : { label: 'Content', theirs: a, yours: b });
    } else {
      rows.push({ label: 'Content', theirs: theirs.content, yours: yours.content });
    }
  }
  if ((theirs.category || 'general') !== (yours.category || 'general')) {
    rows.push({ label: 'Category', theirs: categoryLabel(theirs.category), yours: categoryLabel(yours.category) });
  }
  const theirNote = theirs.description.trim();
  const yourNote = yours.description.trim();
  if (theirNote !== yourNote) {
    rows.push({ label: 'Description', theirs: theirNote || NO_DESCRIPTION, yours: yourNote || NO_DESCRIPTION });
  }
  return rows;
}

/**
 * Reads until `ok` holds of the answer, a few times: a save's change reaches
 * the public list's cache at the edge through an event, a moment after the
 * save returns, so the first read after a conflict may still be the older
 * list. After the last try the last answer is returned as it is.
 */
export async function readUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, tries = 8, delayMs = 250): Promise<T> {
  let value = await read();
  for (let i = 1; i < tries && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, delayMs));
    value = await read();
  }
  return value;
}

/**
 * The category and description to send with a save: only those that differ
 * from the version the save is based on, so an unchanged field never undoes
 * anything and an old category the server no longer offers is not sent back.
 */
export function changedFields(from: ContentFields, values: ContentFields): { category?: string; description?: string } {
  const change: { category?: string; description?: string } = {};
  if (values.category !== (from.category || 'general')) change.category = values.category;
  if (values.description.trim() !== from.description.trim()) change.description = values.description.trim();
  return change;
}
