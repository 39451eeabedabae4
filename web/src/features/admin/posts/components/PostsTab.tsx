import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { Spinner } from '@/components/staff/Spinner';
import postsCss from '../posts.css?url';
import { PostList } from './PostList';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { NotInYourRole, useCan } from '../../shell/access';
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
 * /admin/posts/:id; so back, forward, reload and links all work. A role
 * that reads posts without editing them (sales) has the list, and a post's
 * address shows its preview.
 */
export function PostsTab(props: PostsTabProps) {
  const editor = useCan('editContent');
  return (
    <>
      <StaffStylesheet href={postsCss} />
      <Suspense fallback={<Spinner label="Loading the editor…" />}>
        <Routes>
          <Route index element={<PostList />} />
          {/* One page for both (same element, same instance): a new post's first
              autosave moves it from /new to /:id without a new form (issue 28). */}
          <Route path="new" element={editor ? <PostEditorPage {...props} /> : <NotInYourRole />} />
          <Route path=":id" element={editor ? <PostEditorPage {...props} /> : <ToPreview />} />
          <Route path="*" element={<Navigate to="/admin/posts" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}

/** A post's editor address, for a role that only reads: the post's preview. */
function ToPreview() {
  return <Navigate to={`/admin/preview/${useParams().id ?? ''}`} replace />;
}
