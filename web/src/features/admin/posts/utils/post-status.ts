// A post's state as staff see it (SPEC §4 "Blog post": Published or Draft via
// isPublished): a published post whose publish time is still ahead is
// Scheduled — the site does not show it yet.

export type PostStatus = 'published' | 'draft' | 'scheduled';

export const POST_STATUS_LABEL: Record<PostStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  scheduled: 'Scheduled',
};

export function postStatus(post: { isPublished: boolean; publishedAt: string | null }, now: Date): PostStatus {
  if (!post.isPublished) return 'draft';
  const at = post.publishedAt ? Date.parse(post.publishedAt) : Number.NaN;
  return Number.isFinite(at) && at > now.getTime() ? 'scheduled' : 'published';
}

/**
 * The date the post list and the editor show for a post. A draft's stored
 * publish time is only a placeholder (the content service sets it to when
 * the draft was created), so it is never shown as a publish date: a draft
 * shows when it was last saved, unless someone chose a publish time still
 * ahead, which it keeps for when it is published ("planned").
 */
export type PostDateKind = 'published' | 'scheduled' | 'planned' | 'draft';

export type PostDate = { kind: PostDateKind; /** RFC 3339. */ at: string };

/** How the post list introduces each kind of date ('' = the column's own "Publish date"). */
export const POST_DATE_PREFIX: Record<PostDateKind, string> = {
  published: '',
  scheduled: 'Goes live',
  planned: 'Draft · planned for',
  draft: 'Draft · last saved',
};

export function postDate(
  post: { isPublished: boolean; publishedAt: string | null; updatedAt: string },
  now: Date,
): PostDate {
  const status = postStatus(post, now);
  if (status !== 'draft') return { kind: status, at: post.publishedAt ?? '' };
  const at = post.publishedAt ? Date.parse(post.publishedAt) : Number.NaN;
  if (post.publishedAt && Number.isFinite(at) && at > now.getTime()) return { kind: 'planned', at: post.publishedAt };
  return { kind: 'draft', at: post.updatedAt };
}
