import { useId, type ReactNode } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { Spinner } from '@/components/staff/Spinner';
import { useNow } from '@/components/staff/use-now';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAdminPost } from '../../posts/api/get-admin-post';
import { useAdminPosts, type AdminPost } from '../../posts/api/get-admin-posts';
import { StatusBadge } from '../../posts/components/StatusBadge';
import { POST_STATUS_LABEL, postStatus } from '../../posts/utils/post-status';
import previewCss from '../preview.css?url';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';

export type PreviewTabProps = {
  /** The public article component (features/blog ArticleView) showing a post. */
  renderArticle: (post: AdminPost) => ReactNode;
};

/**
 * The Preview tab (SPEC §2 "Admin"): any post, drafts and scheduled ones
 * included, exactly as the public article page will show it — the page's
 * own component, handed in by the routes layer. /admin/preview/:id links
 * straight to one post.
 */
export function PreviewTab({ renderArticle }: PreviewTabProps) {
  return (
    <>
      <StaffStylesheet href={previewCss} />
      <Routes>
        <Route index element={<PreviewPage renderArticle={renderArticle} />} />
        <Route path=":id" element={<PreviewPage renderArticle={renderArticle} />} />
      </Routes>
    </>
  );
}

function PreviewPage({ renderArticle }: PreviewTabProps) {
  const id = useParams().id ?? '';
  const posts = useAdminPosts();
  const navigate = useNavigate();
  const now = useNow();
  const selectId = useId();
  const list = posts.data ?? [];

  return (
    <section aria-labelledby="preview-heading" className="admin-preview">
      <div className="admin-toolbar">
        <h1 id="preview-heading">Preview</h1>
      </div>
      <div className="admin-card admin-preview__picker">
        <div className="staff-field">
          <label htmlFor={selectId}>Post to preview</label>
          <select
            id={selectId}
            value={id}
            disabled={posts.isPending}
            aria-describedby={`${selectId}-hint`}
            onChange={(e) => navigate(e.currentTarget.value ? `/admin/preview/${e.currentTarget.value}` : '/admin/preview')}
          >
            <option value="">{posts.isPending ? 'Loading posts…' : 'Choose a post…'}</option>
            {list.map((post) => (
              <option key={post.id} value={post.id}>
                {post.title} — {POST_STATUS_LABEL[postStatus(post, now)]}
              </option>
            ))}
          </select>
          <p id={`${selectId}-hint`} className="staff-field__hint">
            Every post, drafts and scheduled ones included, shown exactly as the article page will show it.
          </p>
        </div>
        {posts.isError && (
          <p className="staff-alert staff-alert--error" role="alert">
            The posts could not be loaded: {errorMessage(posts.error)}
          </p>
        )}
      </div>
      {id === '' ? (
        !posts.isPending && list.length === 0 && !posts.isError ? (
          <p className="admin-empty">
            There are no posts yet. <Link to="/admin/posts/new">Write one</Link>.
          </p>
        ) : null
      ) : (
        <PreviewOf id={id} renderArticle={renderArticle} />
      )}
    </section>
  );
}

function PreviewOf({ id, renderArticle }: { id: string; renderArticle: (post: AdminPost) => ReactNode }) {
  const post = useAdminPost(id);
  const now = useNow();
  if (post.data) {
    const status = postStatus(post.data, now);
    const at = parseTimestamp(post.data.publishedAt);
    return (
      <>
        <div className={`admin-preview__status admin-preview__status--${status}`}>
          <p>
            <StatusBadge status={status} />{' '}
            {status === 'draft'
              ? 'A draft: visitors cannot see it. Below is how its page will look once it is published.'
              : status === 'scheduled'
                ? `Scheduled: it goes live${at ? ` on ${formatDateTime(at)}` : ''}. Until then visitors cannot see it.`
                : `Live at /blog/${post.data.slug}.`}
          </p>
          <p className="admin-preview__links">
            <Link to={`/admin/posts/${post.data.id}`}>Edit this post</Link>
            {status === 'published' && (
              <a href={`/blog/${post.data.slug}`} target="_blank" rel="noopener">
                Open on the site<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </p>
        </div>
        <div className="admin-preview__frame" role="region" aria-label={`Article page: ${post.data.title}`}>
          {renderArticle(post.data)}
        </div>
      </>
    );
  }
  if (post.isPending) return <Spinner label="Loading the post…" />;
  if (post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400)) {
    return (
      <p className="admin-empty" role="alert">
        This post does not exist any more. Choose another one above.
      </p>
    );
  }
  return (
    <div className="staff-alert staff-alert--error" role="alert">
      <p>The post could not be loaded: {errorMessage(post.error)}</p>
      <button type="button" className="button button--small" onClick={() => void post.refetch()}>
        Try again
      </button>
    </div>
  );
}
