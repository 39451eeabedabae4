import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '@/components/staff/Spinner';
import postsCss from '../posts.css?url';
import { PostList } from './PostList';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import type { PreviewPost } from '../api/render-post';

// The editor (TipTap) loads only when a post is opened, not with the list.
const PostEditorPage = lazy(async () => ({ default: (await import('./PostEditorPage')).PostEditorPage }));

export type PostsTabProps = {
  /** The public article component (features/blog ArticleView) showing a post: the preview. */
  renderPreview: (post: PreviewPost) => ReactNode;
};

/**
 * The Blog Posts tab. SPEC §4's editor modes are addresses: none is
 * /admin/posts (the list), creating /admin/posts/new, editing
 * /admin/posts/:id; so back, forward, reload and links all work.
 */
export function PostsTab(props: PostsTabProps) {
  return (
    <>
      <StaffStylesheet href={postsCss} />
      <Suspense fallback={<Spinner label="Loading the editor…" />}>
        <Routes>
          <Route index element={<PostList />} />
          {/* One page for both (same element, same instance): a new post's first
              autosave moves it from /new to /:id without a new form (issue 28). */}
          <Route path="new" element={<PostEditorPage {...props} />} />
          <Route path=":id" element={<PostEditorPage {...props} />} />
          <Route path="*" element={<Navigate to="/admin/posts" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
