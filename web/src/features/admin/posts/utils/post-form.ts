// The post form's values and their conversions: from a stored post (its
// body shown as the HTML visitors see), to the API's PostFields, and the
// browser's datetime-local text ⇄ RFC 3339.
import type { PostFieldsJson } from '@/gen/trenchless/content/v1/content_pb';
import { readTimeMinutes } from '@/components/staff/rich-text-editor/word-count';
import type { AdminPost } from '../api/get-admin-posts';
import type { PreviewPost } from '../api/render-post';
import { deriveCategory, isPostCategory, type PostCategory } from './category';

/** The languages a post is written in (issue 40). */
export type PostLanguage = 'en' | 'es';

export const POST_LANGUAGE_LABEL: Record<PostLanguage, string> = { en: 'English', es: 'Español' };

/** A post's language as the API names it ('' or anything else: English, as older answers mean). */
export function postLanguageOf(post: { language?: string }): PostLanguage {
  return post.language === 'es' ? 'es' : 'en';
}

export type PostFormValues = {
  /** The language the post is written in. */
  language: PostLanguage;
  /** For a Spanish post, the id of the English post it translates; '' for none. */
  translationOf: string;
  title: string;
  slug: string;
  excerpt: string;
  /** HTML from the rich-text editor; '' when empty. */
  content: string;
  imageUrl: string;
  /** '' = derived from the title (the content service's rule). */
  category: '' | PostCategory;
  /** What search engines and shared links show; each '' = the title, the excerpt, the hero image. */
  seoTitle: string;
  seoDescription: string;
  socialImageUrl: string;
  isPublished: boolean;
  /** datetime-local text in the browser's time zone, or '' (now, or unchanged). */
  publishedAt: string;
};

/** SPEC §4: new posts are published by default. */
export const EMPTY_POST_FORM: PostFormValues = {
  language: 'en',
  translationOf: '',
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  imageUrl: '',
  category: '',
  seoTitle: '',
  seoDescription: '',
  socialImageUrl: '',
  isPublished: true,
  publishedAt: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 time as datetime-local text ("2026-05-21T09:00") in the browser's time zone; '' if there is none. */
export function toDateTimeLocal(rfc3339: string | null | undefined): string {
  if (!rfc3339) return '';
  const d = new Date(rfc3339);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** datetime-local text, read in the browser's time zone, as RFC 3339 UTC; null if it is not a valid time. */
export function fromDateTimeLocal(local: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // Reject impossible dates (Feb 30 rolls over into March).
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.toISOString().replace('.000Z', 'Z');
}

/**
 * A draft whose stored publish time has passed: that time is only when it
 * was created (nobody chose it; a chosen time schedules it, in the future).
 * Its field is shown empty, which means "when it is first published": the
 * creation time is not a publication date.
 */
export function draftTimeUnset(post: Pick<AdminPost, 'isPublished' | 'publishedAt'>, now: Date = new Date()): boolean {
  if (post.isPublished) return false;
  const at = Date.parse(post.publishedAt);
  return !Number.isFinite(at) || at <= now.getTime();
}

/**
 * The form's values for a stored post. The body is shown as the HTML
 * visitors see (bodyHtml, from the content service's renderer), so a
 * light-markdown post is edited as it looks; it is saved as HTML from then on. A category equal to
 * the title's own is shown as automatic, so a later title change still moves it.
 * A draft's past publish time (its creation) is shown empty (draftTimeUnset).
 */
export function postToFormValues(post: AdminPost, now: Date = new Date()): PostFormValues {
  const category = isPostCategory(post.category) && post.category !== deriveCategory(post.title) ? post.category : '';
  return {
    language: postLanguageOf(post),
    translationOf: post.translationOf ?? '',
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content.trim() === '' ? '' : (post.bodyHtml ?? post.content),
    imageUrl: post.imageUrl,
    category,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    socialImageUrl: post.socialImageUrl,
    isPublished: post.isPublished,
    publishedAt: draftTimeUnset(post, now) ? '' : toDateTimeLocal(post.publishedAt),
  };
}

/**
 * The API's PostFields for the form's values. An untouched publish time of
 * an existing post is sent as stored (datetime-local has no seconds); an
 * empty one is left out: now for a new post, unchanged for an existing one.
 * A draft being published with its old, past time untouched leaves it out
 * too, so the content service makes it go live now rather than back-dated
 * (such a draft's field is shown empty anyway: postToFormValues).
 */
export function formValuesToPayload(values: PostFormValues, original?: AdminPost, now: Date = new Date()): PostFieldsJson {
  const fields: PostFieldsJson = {
    title: values.title.trim(),
    slug: values.slug.trim(),
    excerpt: values.excerpt.trim(),
    content: values.content,
    imageUrl: values.imageUrl.trim(),
    isPublished: values.isPublished,
    category: values.category,
    // Always sent, empty too: an update replaces them, so clearing one goes back to the title, excerpt or hero.
    seoTitle: values.seoTitle.trim(),
    seoDescription: values.seoDescription.trim(),
    socialImageUrl: values.socialImageUrl.trim(),
    // Always sent: an English post translates nothing, so saving one as English unlinks it.
    language: values.language,
    translationOf: values.language === 'es' ? values.translationOf : '',
  };
  if (values.publishedAt !== '') {
    const unchanged = original && values.publishedAt === toDateTimeLocal(original.publishedAt);
    if (unchanged && publishesDraftNow(values, original, now)) return fields;
    const at = unchanged ? original.publishedAt : fromDateTimeLocal(values.publishedAt);
    if (at) fields.publishedAt = at;
  }
  return fields;
}

/** A stored draft, ticked Published, whose stored time has passed: it goes live now. */
export function publishesDraftNow(values: PostFormValues, original: AdminPost | undefined, now: Date): boolean {
  if (!original || original.isPublished || !values.isPublished) return false;
  const at = Date.parse(original.publishedAt);
  return !Number.isFinite(at) || at <= now.getTime();
}

/**
 * The form as the public article page would show it (for the preview): the
 * category and read time the content service would give it, the publish
 * time it would get.
 */
export function formValuesToPreviewPost(values: PostFormValues, original: AdminPost | undefined, now: Date): PreviewPost {
  const payload = formValuesToPayload(values, original, now);
  const nowText = now.toISOString();
  return {
    id: original?.id ?? 'unsaved',
    slug: payload.slug ?? '',
    title: payload.title ?? '',
    excerpt: payload.excerpt ?? '',
    content: values.content,
    imageUrl: payload.imageUrl ?? '',
    publishedAt: payload.publishedAt ?? (original && !publishesDraftNow(values, original, now) ? original.publishedAt : nowText),
    isPublished: values.isPublished,
    category: values.category || deriveCategory(values.title),
    seoTitle: payload.seoTitle ?? '',
    seoDescription: payload.seoDescription ?? '',
    socialImageUrl: payload.socialImageUrl ?? '',
    readTimeMinutes: readTimeMinutes(values.content),
    createdAt: original?.createdAt ?? nowText,
    updatedAt: nowText,
    updatedBy: original?.updatedBy ?? '',
    version: original?.version ?? '0',
    autosaved: false,
    language: values.language,
    translationOf: payload.translationOf ?? '',
    translations: original?.translations ?? [],
  };
}

/**
 * A new Spanish post translating `original`: linked to it, a draft, with
 * its words, image and category as a starting point (the body as the HTML
 * visitors see). The slug is left to be made from the Spanish title.
 */
export function translationFormValues(original: AdminPost): PostFormValues {
  const copied = postToFormValues(original);
  return {
    ...EMPTY_POST_FORM,
    language: 'es',
    translationOf: original.id,
    title: copied.title,
    excerpt: copied.excerpt,
    content: copied.content,
    imageUrl: copied.imageUrl,
    category: copied.category,
    isPublished: false,
  };
}
