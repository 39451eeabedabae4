// Issue 28 "nothing typed is lost": what the post form keeps in this
// browser, and under which key. One copy per post (or "new"), with when it
// was typed and the stored version it was based on; the keeping itself and
// the offer are shared by the staff forms (components/staff/local-copy,
// components/staff/use-browser-copy).
import { copyKey, fieldsParser, type ParseValues } from '@/components/staff/local-copy';
import type { PostFormValues } from './post-form';

/** The storage key of a post's copy: its id, or "new" for a post not yet stored. */
export function postCopyKey(postId: string | undefined): string {
  return copyKey('post-form', postId);
}

/**
 * The post form's fields. The search-and-social ones are newer than some
 * copies (issue 28): a copy typed before the form had them is still
 * offered, with them empty.
 */
export const parsePostCopy: ParseValues<PostFormValues> = fieldsParser<PostFormValues>({
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

/** The form's fields in page order, for comparing a copy with the form and focusing a restored one. */
export const POST_COPY_FIELDS: readonly (keyof PostFormValues)[] = [
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
