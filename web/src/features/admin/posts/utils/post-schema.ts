// The post form's rules: the server's own (proto content.v1 PostFields, in
// its words), checked as staff type so most mistakes show before a round
// trip, plus the one only the list can tell: a slug another post uses.
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { POST_CATEGORIES } from './category';
import { fromDateTimeLocal, type PostFormValues } from './post-form';
import { isValidSlug, SLUG_MESSAGE, slugTakenMessage } from './slug';

export const IMAGE_URL_MESSAGE = 'Image URL must be a site path starting with / or an https:// address';

/** The form's fields in page order: the first problem gets focus, and the server's land here. */
export const POST_FIELDS: FieldPath<PostFormValues>[] = [
  'title',
  'slug',
  'excerpt',
  'content',
  'imageUrl',
  'category',
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
    isPublished: z.boolean(),
    publishedAt: z.string().refine((s) => s === '' || fromDateTimeLocal(s) !== null, 'Invalid date'),
  }) satisfies z.ZodType<PostFormValues>;
}
