import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AdminPost } from './get-admin-posts';

/** What the content service's one body renderer makes of a body and a hero image (ADR 0003). */
export type RenderedPost = Pick<AdminPost, 'bodyHtml' | 'heroImage'>;

/** A post to preview: stored (rendered already), or unsaved / an earlier revision (rendered on request). */
export type PreviewPost = Omit<AdminPost, 'bodyHtml' | 'heroImage'> & Partial<RenderedPost>;

/** POST /api/admin/blog-posts/preview: the body and hero as the public page would show them. */
export async function renderPost(content: string, imageUrl: string): Promise<RenderedPost> {
  const res = await apiRequest('POST', '/api/admin/blog-posts/preview', { content, imageUrl });
  return (await res.json()) as RenderedPost;
}

/**
 * The post with its body rendered by the server: as stored when it has
 * bodyHtml, otherwise (unsaved changes, an earlier revision) rendered on
 * request, so a preview is never drawn by a second renderer.
 */
export function useRenderedPost(post: PreviewPost) {
  return useQuery({
    queryKey: ['/api/admin/blog-posts/preview', post.content, post.imageUrl] as const,
    queryFn: () => renderPost(post.content, post.imageUrl),
    enabled: post.bodyHtml === undefined || post.heroImage === undefined,
    select: (r): AdminPost => ({ ...post, ...r }),
  });
}
