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
 * The post form's fields. The search-and-social ones (issue 28) and the
 * language ones (issue 40) are newer than some copies: a copy typed before
 * the form had them is still offered, with them empty (an older copy's
 * post is English, as every post was then).
 */
const parseFields = fieldsParser<PostFormValues>({
  language: 'later',
  translationOf: 'later',
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

export const parsePostCopy: ParseValues<PostFormValues> = (values) => {
  const parsed = parseFields(values);
  if (parsed === null) return null;
  const language: string = parsed.language;
  if (language !== '' && language !== 'en' && language !== 'es') return null;
  return { ...parsed, language: language === 'es' ? 'es' : 'en' };
};

/** The form's fields in page order, for comparing a copy with the form and focusing a restored one. */
export const POST_COPY_FIELDS: readonly (keyof PostFormValues)[] = [
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
