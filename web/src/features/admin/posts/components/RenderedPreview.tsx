import type { ReactNode } from 'react';
import { Spinner } from '@/components/staff/Spinner';
import type { AdminPost } from '../api/get-admin-posts';
import { useRenderedPost, type PreviewPost } from '../api/render-post';

/** A post shown by the public article component once the server has rendered its body. */
export function RenderedPreview({ post, render }: { post: PreviewPost; render: (post: AdminPost) => ReactNode }) {
  const rendered = useRenderedPost(post);
  if (post.bodyHtml !== undefined && post.heroImage !== undefined) return render(post as AdminPost);
  if (rendered.isError) return <p role="alert">The preview could not be rendered. Try again in a moment.</p>;
  if (!rendered.data) return <Spinner label="Rendering the preview…" />;
  return render(rendered.data);
}
