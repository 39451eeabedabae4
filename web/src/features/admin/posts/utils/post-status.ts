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
