import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useDebouncedText } from '@/components/staff/use-debounced-value';
import { useNow } from '@/components/staff/use-now';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCan } from '../../shell/access';
import { useAdminPost } from '../../posts/api/get-admin-post';
import { useAdminPostList, type AdminPost, type AdminPostSummary } from '../../posts/api/get-admin-posts';
import { StatusBadge } from '../../posts/components/StatusBadge';
import { listedText } from '../../posts/utils/post-list';
import { POST_STATUS_LABEL, postStatus } from '../../posts/utils/post-status';
import { sitePath } from '../../posts/utils/post-translation';
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

/** How long typing pauses before the picker's search goes to the server. */
const SEARCH_DELAY_MS = 300;

function PreviewPage({ renderArticle }: PreviewTabProps) {
  const id = useParams().id ?? '';
  const editor = useCan('editContent');
  const navigate = useNavigate();
  const now = useNow();
  const fieldId = useId();
  const [search, setSearch] = useState('');
  const searched = useDebouncedText(search.trim(), SEARCH_DELAY_MS);
  const posts = useAdminPostList({ query: searched });
  // The post shown is always an option, even when the loaded pages do not hold it (a deep link, a search).
  const current = useAdminPost(id, { enabled: id !== '' });
  const list = posts.data?.pages.flatMap((p) => p.posts) ?? [];
  const first = posts.data?.pages[0];
  const answered = first?.query ?? '';
  const options: OptionPost[] = current.data && !list.some((p) => p.id === id) ? [current.data, ...list] : list;
  const listed = first ? listedText(list.length, first.totalCount) : '';
  // The button goes once the last page is in: the focus moves to the picker it filled, not to the page's start.
  const picker = useRef<HTMLSelectElement>(null);
  const showMore = () => {
    if (posts.isFetchingNextPage) return;
    void posts.fetchNextPage().then((result) => {
      if (!result.isError && !result.hasNextPage) picker.current?.focus();
    });
  };

  return (
    <section aria-labelledby="preview-heading" className="admin-preview">
      <div className="admin-toolbar">
        <h1 id="preview-heading">Preview</h1>
      </div>
      <div className="admin-card admin-preview__picker">
        <div className="staff-field">
          <label htmlFor={`${fieldId}-search`}>Find a post by title</label>
          <input
            id={`${fieldId}-search`}
            type="search"
            value={search}
            maxLength={200}
            autoComplete="off"
            aria-controls={fieldId}
            aria-describedby={`${fieldId}-listed`}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={fieldId}>Post to preview</label>
          <select
            ref={picker}
            id={fieldId}
            value={id}
            disabled={posts.isPending}
            aria-describedby={`${fieldId}-hint`}
            onChange={(e) => navigate(e.currentTarget.value ? `/admin/preview/${e.currentTarget.value}` : '/admin/preview')}
          >
            <option value="">{posts.isPending ? 'Loading posts…' : 'Choose a post…'}</option>
            {options.map((post) => (
              <option key={post.id} value={post.id}>
                {post.title} — {POST_STATUS_LABEL[postStatus(post, now)]}
              </option>
            ))}
          </select>
          <p id={`${fieldId}-hint`} className="staff-field__hint">
            Every post, drafts and scheduled ones included, shown exactly as the article page will show it.
          </p>
        </div>
        <div className="admin-preview__more">
          <p id={`${fieldId}-listed`} className="staff-field__hint" role="status">
            {answered !== '' && list.length === 0 ? `No post title contains “${answered}”.` : listed}
          </p>
          {posts.hasNextPage && (
            <button
              type="button"
              className="button button--small"
              onClick={showMore}
              aria-disabled={posts.isFetchingNextPage || undefined}
              aria-describedby={`${fieldId}-listed`}
            >
              {posts.isFetchingNextPage ? 'Loading more posts…' : 'Show more posts'}
            </button>
          )}
        </div>
        {posts.isError && (
          <p className="staff-alert staff-alert--error" role="alert">
            {posts.isFetchNextPageError ? 'More posts could not be loaded' : 'The posts could not be loaded'}: {errorMessage(posts.error)}
          </p>
        )}
      </div>
      {id === '' ? (
        posts.data && answered === '' && list.length === 0 ? (
          <p className="admin-empty">
            There are no posts yet.{editor && <> <Link to="/admin/posts/new">Write one</Link>.</>}
          </p>
        ) : null
      ) : (
        <PreviewOf id={id} renderArticle={renderArticle} />
      )}
    </section>
  );
}

/** What an option needs: the list's summaries and a whole post alike. */
type OptionPost = Pick<AdminPostSummary, 'id' | 'title' | 'isPublished' | 'publishedAt'>;

function PreviewOf({ id, renderArticle }: { id: string; renderArticle: (post: AdminPost) => ReactNode }) {
  const post = useAdminPost(id);
  const now = useNow();
  const editor = useCan('editContent');
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
                : `Live at ${sitePath(post.data)}.`}
          </p>
          <p className="admin-preview__links">
            {editor && <Link to={`/admin/posts/${post.data.id}`}>Edit this post</Link>}
            {status === 'published' && (
              <a href={sitePath(post.data)} target="_blank" rel="noopener">
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
    <LoadFailedAlert subject="The post" error={post.error} onRetry={() => void post.refetch()} />
  );
}
