// An earlier version of a post, as the public article page would show it.
import { readTimeMinutes } from '@/components/staff/rich-text-editor/word-count';
import type { AdminPost } from '../api/get-admin-posts';
import type { PreviewPost } from '../api/render-post';
import type { PostRevision } from '../api/get-post-revisions';
import { deriveCategory } from './category';

/**
 * The post with the revision's fields, its category and read time worked out
 * as the content service would. The body and hero are left out: the server
 * renders the revision's own when it is shown.
 */
export function revisionToPost(revision: PostRevision, post: AdminPost): PreviewPost {
  const { bodyHtml: _body, heroImage: _hero, ...stored } = post;
  return {
    ...stored,
    title: revision.title,
    slug: revision.slug,
    excerpt: revision.excerpt,
    content: revision.content,
    imageUrl: revision.imageUrl,
    publishedAt: revision.publishedAt,
    isPublished: revision.isPublished,
    category: revision.category || deriveCategory(revision.title),
    seoTitle: revision.seoTitle,
    seoDescription: revision.seoDescription,
    socialImageUrl: revision.socialImageUrl,
    readTimeMinutes: readTimeMinutes(revision.content),
    updatedAt: revision.savedAt,
  };
}

/** Under the revisions, once there is more than one page: "20 of 35 earlier versions listed". */
export function revisionsListedText(listed: number, total: number | null): string {
  const noun = (n: number) => (n === 1 ? 'earlier version' : 'earlier versions');
  if (total === null) return `${listed} ${noun(listed)} listed`;
  return listed >= total ? `All ${total} ${noun(total)} listed` : `${listed} of ${total} ${noun(total)} listed`;
}
