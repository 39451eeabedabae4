// Issue 28 "nothing typed is lost" in the Site Content forms: what the
// create and edit forms keep in this browser (components/staff/local-copy
// does the keeping), and under which key.
import { copyKey, fieldsParser, type ParseValues } from '@/components/staff/local-copy';
import { CONTENT_CATEGORIES, CONTENT_TYPES, type ContentCategory, type ContentType } from './content-items';

/** The create form's fields. */
export type ContentCreateFields = {
  contentKey: string;
  category: ContentCategory;
  contentType: ContentType;
  description: string;
  content: string;
};

/** The edit form's fields (the key and type are the item's, not typed). */
export type ContentEditFields = { content: string; category: string; description: string };

/** Page order, for restoring and focusing. */
export const CREATE_COPY_FIELDS: readonly (keyof ContentCreateFields)[] = ['contentKey', 'category', 'contentType', 'description', 'content'];
export const EDIT_COPY_FIELDS: readonly (keyof ContentEditFields)[] = ['category', 'description', 'content'];

const FORM = 'content-form';

/** The create form's copy: `trenchless.content-form.new`. */
export const NEW_CONTENT_COPY_KEY = copyKey(FORM, undefined);

/**
 * An item's copy: `trenchless.content-form.item.{contentKey}`, and of its
 * Spanish text `…item.es:{contentKey}` (a key never holds ":"). ("item."
 * keeps an item whose key is "new" apart from the create form's copy.)
 */
export function contentCopyKey(contentKey: string, locale: 'en' | 'es' = 'en'): string {
  return copyKey(FORM, locale === 'es' ? `item.es:${contentKey}` : `item.${contentKey}`);
}

export const parseCreateCopy: ParseValues<ContentCreateFields> = fieldsParser<ContentCreateFields>({
  contentKey: 'string',
  category: CONTENT_CATEGORIES.map((c) => c.value),
  contentType: CONTENT_TYPES.map((t) => t.value),
  description: 'string',
  content: 'string',
});

export const parseEditCopy: ParseValues<ContentEditFields> = fieldsParser<ContentEditFields>({
  content: 'string',
  category: 'string',
  description: 'string',
});
