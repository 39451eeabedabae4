// The post form's rules: the server's own (proto content.v1 PostFields, in
// its words), checked as staff type so most mistakes show before a round
// trip, plus the one only the list can tell: a slug another post uses.
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { POST_CATEGORIES } from './category';
import { fromDateTimeLocal, type PostFormValues } from './post-form';
import { isValidSlug, SLUG_MESSAGE, slugTakenMessage } from './slug';

export const IMAGE_URL_MESSAGE = 'Image URL must be a site path starting with / or an https:// address';
export const SOCIAL_IMAGE_URL_MESSAGE = 'Social image URL must be a site path starting with / or an https:// address';

/** The search-and-social limits (proto PostFields), in characters. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 300;
export const SEO_TITLE_MESSAGE = `SEO title must be ${SEO_TITLE_MAX} characters or fewer`;
export const SEO_DESCRIPTION_MESSAGE = `SEO description must be ${SEO_DESCRIPTION_MAX} characters or fewer`;

/**
 * A text's length as the server counts it once the form trims it: CEL's
 * size() counts code points, so an emoji is one character, not two.
 */
export function charCount(text: string): number {
  return Array.from(text.trim()).length;
}

/** The form's fields in page order: the first problem gets focus, and the server's land here. */
export const POST_FIELDS: FieldPath<PostFormValues>[] = [
  'language',
  'translationOf',
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

const blank = (s: string) => s.trim() === '';

/** proto: '' or at most 2048 characters starting with "/x" or "https://". */
export function isValidImageUrl(url: string): boolean {
  const u = url.trim();
  return u === '' || (u.length <= 2048 && (/^\/[^/\\]/.test(u) || u.startsWith('https://')));
}

/** The schema, given the slugs other posts use. */
export function postFormSchema(takenSlugs: ReadonlySet<string>) {
  return z.object({
    language: z.enum(['en', 'es']),
    // Checked by the server against the post it names (an English post, not yet translated).
    translationOf: z.string(),
    title: z
      .string()
      .refine((s) => !blank(s), 'Title is required')
      .refine((s) => s.trim().length <= 200, 'Title must be 200 characters or fewer'),
    slug: z
      .string()
      .refine((s) => isValidSlug(s.trim()), SLUG_MESSAGE)
      .superRefine((s, ctx) => {
        if (takenSlugs.has(s.trim())) ctx.addIssue({ code: z.ZodIssueCode.custom, message: slugTakenMessage(s.trim()) });
      }),
    excerpt: z
      .string()
      .refine((s) => !blank(s), 'Excerpt is required')
      .refine((s) => s.trim().length <= 500, 'Excerpt must be 500 characters or fewer'),
    content: z
      .string()
      .refine((s) => !blank(s), 'Content is required')
      .refine((s) => s.length <= 200_000, 'Content must be 200,000 characters or fewer'),
    imageUrl: z.string().refine(isValidImageUrl, IMAGE_URL_MESSAGE),
    category: z.union([z.literal(''), z.enum(POST_CATEGORIES)]),
    seoTitle: z.string().refine((s) => charCount(s) <= SEO_TITLE_MAX, SEO_TITLE_MESSAGE),
    seoDescription: z.string().refine((s) => charCount(s) <= SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MESSAGE),
    socialImageUrl: z.string().refine(isValidImageUrl, SOCIAL_IMAGE_URL_MESSAGE),
    isPublished: z.boolean(),
    publishedAt: z.string().refine((s) => s === '' || fromDateTimeLocal(s) !== null, 'Invalid date'),
  }) satisfies z.ZodType<PostFormValues>;
}
