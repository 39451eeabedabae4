import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/staff/Spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAdminPost } from '../api/get-admin-post';
import { useAdminPosts } from '../api/get-admin-posts';
import { PostForm } from './PostForm';
import type { PreviewPost } from '../api/render-post';

type PageProps = {
  renderPreview: (post: PreviewPost) => ReactNode;
};

/** /admin/posts/new: SPEC §4 "creating". */
export function PostCreatePage({ renderPreview }: PageProps) {
  const posts = useAdminPosts();
  return (
    <section aria-labelledby="post-form-heading">
      <Header title="New post" />
      <PostForm allPosts={posts.data ?? []} renderPreview={renderPreview} />
    </section>
  );
}

/** /admin/posts/:id: SPEC §4 "editing an existing post". */
export function PostEditPage({ renderPreview }: PageProps) {
  const id = useParams().id ?? '';
  const post = useAdminPost(id, { editing: true });
  const posts = useAdminPosts();
  return (
    <section aria-labelledby="post-form-heading">
      <Header title={post.data ? 'Edit post' : 'Post'} />
      {post.data ? (
        <PostForm key={post.data.id} post={post.data} allPosts={posts.data ?? []} renderPreview={renderPreview} />
      ) : post.isPending ? (
        <Spinner label="Loading the post…" />
      ) : post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400) ? (
        <div className="admin-card admin-empty">
          <p>This post does not exist any more. It may have been deleted.</p>
          <Link to="/admin/posts">Back to all posts</Link>
        </div>
      ) : (
        <div className="staff-alert staff-alert--error" role="alert">
          <p>The post could not be loaded: {errorMessage(post.error)}</p>
          <button type="button" className="button button--small" onClick={() => void post.refetch()}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}

function Header({ title }: { title: string }) {
  return (
    <div className="admin-toolbar post-editor__header">
      <div>
        <Link to="/admin/posts" className="post-editor__back">
          ← All posts
        </Link>
        <h1 id="post-form-heading">{title}</h1>
      </div>
    </div>
  );
}
