// Issue 28 "nothing typed is lost": a copy of the post form in this
// browser's localStorage, written at every change, so a reload, a closed
// tab or a crash never takes what was typed with it. One copy per post (or
// "new"), with when it was typed and the stored version it was based on.
// The keeping itself is shared by the staff forms (components/staff/local-copy).
import {
  copyKey,
  copyToOffer as offerCopy,
  dropCopy,
  fieldsParser,
  readCopy,
  sameValues,
  writeCopy,
  type LocalCopy as StoredCopy,
} from '@/components/staff/local-copy';
import type { PostFormValues } from './post-form';

export type LocalCopy = StoredCopy<PostFormValues>;

/** The storage key of a post's copy: its id, or "new" for a post not yet stored. */
export function localCopyKey(postId: string | undefined): string {
  return copyKey('post-form', postId);
}

/**
 * The post form's fields. The search-and-social ones are newer than some
 * copies (issue 28): a copy typed before the form had them is still
 * offered, with them empty.
 */
const parsePostValues = fieldsParser<PostFormValues>({
  title: 'string',
  slug: 'string',
  excerpt: 'string',
  content: 'string',
  imageUrl: 'string',
  category: 'string',
  seoTitle: 'later',
  seoDescription: 'later',
  socialImageUrl: 'later',
  isPublished: 'boolean',
  publishedAt: 'string',
});

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

/** The stored copy of a post's form, or null (none, or not one this code wrote). */
export function readLocalCopy(postId: string | undefined, storage?: Storage | null): LocalCopy | null {
  return readCopy(localCopyKey(postId), parsePostValues, storage);
}

/** Keeps the copy; a full or refused storage is not the person's problem (the form still has it all). */
export function writeLocalCopy(postId: string | undefined, copy: LocalCopy, storage?: Storage | null): void {
  writeCopy(localCopyKey(postId), pick(copy.values), copy.baseVersion, storage, copy.savedAt);
}

export function removeLocalCopy(postId: string | undefined, storage?: Storage | null): void {
  dropCopy(localCopyKey(postId), storage);
}

/** Whether two forms hold the same post (every field alike). */
export function sameFormValues(a: PostFormValues, b: PostFormValues): boolean {
  return sameValues(a, b, FIELDS);
}

/**
 * The copy to offer back when the form opens: one whose values differ from
 * what the form shows (the stored post, or an empty form). A copy equal to
 * it holds nothing unsaved, so it is not worth a question.
 */
export function copyToOffer(copy: LocalCopy | null, shown: PostFormValues): LocalCopy | null {
  return offerCopy(copy, shown, FIELDS);
}

/** Only the form's own fields (a copy written by other code keeps nothing else). */
function pick(values: PostFormValues): PostFormValues {
  return Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? ''])) as PostFormValues;
}
