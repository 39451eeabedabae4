// Issue 28's edit conflicts in the post editor: which fields differ between
// the newer stored version ("theirs") and the form ("yours"), shown for
// people, and the field-level three-way merge that puts the fields you
// changed on top of their version.
import { formatDateTime } from '@/components/staff/format';
import { deriveCategory } from './category';
import { fromDateTimeLocal, POST_LANGUAGE_LABEL, type PostFormValues } from './post-form';

export type PostField = keyof PostFormValues;

/** The fields in the form's order, with the labels the form gives them. */
export const POST_CONFLICT_FIELDS: readonly { field: PostField; label: string }[] = [
  { field: 'language', label: 'Language' },
  { field: 'translationOf', label: 'Translation of' },
  { field: 'title', label: 'Title' },
  { field: 'slug', label: 'Slug' },
  { field: 'excerpt', label: 'Excerpt' },
  { field: 'content', label: 'Content' },
  { field: 'imageUrl', label: 'Image' },
  { field: 'category', label: 'Category' },
  { field: 'seoTitle', label: 'SEO title' },
  { field: 'seoDescription', label: 'SEO description' },
  { field: 'socialImageUrl', label: 'Social image' },
  { field: 'isPublished', label: 'Published' },
  { field: 'publishedAt', label: 'Publish date' },
];

/** A body longer than this many characters of text is cut short in the comparison. */
export const CONTENT_PREVIEW_CHARS = 600;

/**
 * The value as it would be saved: text fields are trimmed on the way out
 * (formValuesToPayload), so a trailing space is no difference. The body is
 * compared as HTML (a change of formatting is a change).
 */
function saved(values: PostFormValues, field: PostField): string | boolean {
  const v = values[field];
  return typeof v === 'string' && field !== 'content' ? v.trim() : v;
}

export function sameField(a: PostFormValues, b: PostFormValues, field: PostField): boolean {
  return saved(a, field) === saved(b, field);
}

/** The fields whose values differ, in the form's order. */
export function differingFields(a: PostFormValues, b: PostFormValues): PostField[] {
  return POST_CONFLICT_FIELDS.map((f) => f.field).filter((field) => !sameField(a, b, field));
}

/**
 * Field-level three-way merge: every field you changed since the version
 * you started from (base) keeps your value; every other field takes theirs,
 * so their changes to the fields you left alone are kept. Where both of you
 * changed a field, yours wins (you are the one reviewing the result).
 */
export function mergePostValues(base: PostFormValues, theirs: PostFormValues, yours: PostFormValues): PostFormValues {
  const merged = { ...theirs };
  for (const field of differingFields(base, yours)) {
    (merged as Record<PostField, unknown>)[field] = yours[field];
  }
  return merged;
}

/** One row of the comparison: the field's two values as people read them. */
export type PostConflictRow = {
  field: PostField;
  label: string;
  theirs: string;
  yours: string;
  /** You did not change this field: "yours" is what you opened. */
  yoursUnchanged: boolean;
};

/**
 * A row for each field whose value differs between their version and
 * yours, the values written for people: the body as its text (cut short
 * when long), the category as the badge it gives, the publish time in the
 * browser's time zone.
 */
export function postConflictRows(
  base: PostFormValues,
  theirs: PostFormValues,
  yours: PostFormValues,
  timeZone?: string,
  titles: Readonly<Record<string, string>> = {},
): PostConflictRow[] {
  return POST_CONFLICT_FIELDS.filter(({ field }) => !sameField(theirs, yours, field)).map(({ field, label }) => {
    let theirsText = showField(theirs, field, timeZone, titles);
    let yoursText = showField(yours, field, timeZone, titles);
    // The same words in different markup (a heading, bold): say so rather than show two equal texts.
    if (field === 'content' && theirsText === yoursText) yoursText += ' (the same text, formatted differently)';
    if (theirsText === '') theirsText = '(empty)';
    if (yoursText === '') yoursText = '(empty)';
    return { field, label, theirs: theirsText, yours: yoursText, yoursUnchanged: sameField(base, yours, field) };
  });
}

function showField(values: PostFormValues, field: PostField, timeZone: string | undefined, titles: Readonly<Record<string, string>>): string {
  switch (field) {
    case 'language':
      return POST_LANGUAGE_LABEL[values.language];
    // The original by its title where it is known (`titles`: post id → title).
    case 'translationOf': {
      const id = values.language === 'es' ? values.translationOf : '';
      return id === '' ? 'None' : titles[id] ? `“${titles[id]}”` : `The English post ${id}`;
    }
    case 'content':
      return truncate(htmlToText(values.content), CONTENT_PREVIEW_CHARS);
    case 'category':
      return values.category === '' ? `Automatic from the title: ${deriveCategory(values.title)}` : values.category;
    // Empty is no gap: the post's own title, excerpt or image stands in (say which).
    case 'seoTitle':
      return values.seoTitle.trim() || 'Not set: the title is used';
    case 'seoDescription':
      return values.seoDescription.trim() || 'Not set: the excerpt is used';
    case 'socialImageUrl':
      return values.socialImageUrl.trim() || 'Not set: the post’s image is used';
    case 'isPublished':
      return values.isPublished ? 'Published' : 'Draft';
    case 'publishedAt': {
      if (values.publishedAt.trim() === '') return 'Not set';
      const at = fromDateTimeLocal(values.publishedAt);
      return at ? formatDateTime(new Date(at), timeZone) : values.publishedAt;
    }
    default:
      return values[field].trim();
  }
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max).replace(/\s+\S*$/, '');
  return `${cut}… (cut short: ${text.length.toLocaleString('en-US')} characters in all)`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of an HTML body, for reading in the comparison: blocks (headings,
 * paragraphs, list items, table rows) on lines of their own, images as their
 * alternative text, markup and extra spaces gone. Plain string work, so it
 * also runs where there is no DOM (the unit tests).
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/gi, (_, alt: string) => (alt.trim() ? ` [image: ${alt.trim()}] ` : ' [image] '))
    .replace(/<img\b[^>]*>/gi, ' [image] ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|table|figure|figcaption|hr)\b[^>]*>/gi, '\n')
    .replace(/<\/?(td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** A version number from the API (int64 as a string); 0 when there is none. */
export function versionNumber(version: string | undefined): number {
  const n = Number(version ?? 0);
  return Number.isFinite(n) ? n : 0;
}
