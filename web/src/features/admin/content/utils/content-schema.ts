// The Site Content forms' rules: what the create and edit forms check
// before a round trip, and their fields in page order.
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { CONTENT_CATEGORIES, plainText, type ContentCategory, type ContentType } from './content-items';

// The server's own rules and words (proto content.v1), checked here first
// so most mistakes are shown before a round trip.
const KEY_MESSAGE =
  'Content key is required and may use letters, digits, dots, hyphens and underscores (up to 100 characters)';
const CONTENT_REQUIRED = 'Content is required';
const CONTENT_MAX = 20_000;

const contentRule = (type: ContentType, content: string, ctx: z.RefinementCtx) => {
  const words = type === 'html' ? plainText(content) : content.trim();
  if (words === '') ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['content'], message: CONTENT_REQUIRED });
  else if (content.length > CONTENT_MAX)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['content'], message: 'Content must be 20,000 characters or fewer' });
};

const categoryValues = CONTENT_CATEGORIES.map((c) => c.value) as [ContentCategory, ...ContentCategory[]];

export const createSchema = z
  .object({
    contentKey: z
      .string()
      .trim()
      .max(100, KEY_MESSAGE)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, KEY_MESSAGE),
    category: z.enum(categoryValues),
    contentType: z.enum(['html', 'text']),
    description: z.string().max(500, 'Description must be 500 characters or fewer'),
    content: z.string(),
  })
  .superRefine((v, ctx) => contentRule(v.contentType, v.content, ctx));

export type CreateValues = z.infer<typeof createSchema>;

/** Page order, for focusing the first problem and placing the server's. */
export const CREATE_FIELDS: FieldPath<CreateValues>[] = ['contentKey', 'category', 'contentType', 'description', 'content'];

export const CREATE_DEFAULTS: CreateValues = { contentKey: '', category: 'general', contentType: 'html', description: '', content: '' };

export const editSchema = (type: ContentType) =>
  z
    .object({
      content: z.string(),
      category: z.string(),
      description: z.string().max(500, 'Description must be 500 characters or fewer'),
    })
    .superRefine((v, ctx) => contentRule(type, v.content, ctx));

export type EditValues = z.infer<ReturnType<typeof editSchema>>;

export const EDIT_FIELDS: FieldPath<EditValues>[] = ['category', 'description', 'content'];
