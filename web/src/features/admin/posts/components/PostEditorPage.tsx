import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { ApiError } from '@/lib/api-client';
import { useAdminPost } from '../api/get-admin-post';
import type { AdminPost } from '../api/get-admin-posts';
import { usePostSlugs } from '../api/get-post-slugs';
import { PostForm } from './PostForm';
import type { PreviewPost } from '../api/render-post';
import { translationFormValues } from '../utils/post-form';

type PageProps = {
  renderPreview: (post: PreviewPost) => ReactNode;
};

/** A form opened at /new: the visit it started on, and the draft its first autosave made. */
type NewForm = { visit: string; draft?: AdminPost };

/**
 * /admin/posts/new (SPEC §4 "creating") and /admin/posts/:id ("editing an
 * existing post"): one page for both, so that a new post's first autosave
 * (issue 28) can move it to its own address (/admin/posts/{id}, replacing
 * /new) with the same form instance: nothing typed, no focus, no cursor is
 * lost. Any other visit gets a form of its own (keyed by the post, or by
 * the visit to /new). /new?translationOf={id} (issue 40) starts a Spanish
 * draft linked to that English post, from its title, excerpt and text.
 */
export function PostEditorPage({ renderPreview }: PageProps) {
  const id = useParams().id;
  const location = useLocation();
  const navigate = useNavigate();
  const post = useAdminPost(id ?? '', { editing: true, enabled: id !== undefined });
  const slugsInUse = usePostSlugs();
  const [search] = useSearchParams();
  const translating = id === undefined ? search.get('translationOf') : null;
  const original = useAdminPost(translating ?? '', { enabled: translating !== null });
  const startFrom = useMemo(() => (original.data ? translationFormValues(original.data) : undefined), [original.data]);

  const [newForm, setNewForm] = useState<NewForm | null>(() => (id === undefined ? { visit: location.key } : null));
  // A (new) visit to /new starts a new form.
  if (id === undefined && newForm?.visit !== location.key) setNewForm({ visit: location.key });
  const continued = id !== undefined && newForm?.draft?.id === id ? newForm : null;
  // (Until the post's own read returns, the form goes on with the draft the autosave answered.)
  const shown = id === undefined ? undefined : (post.data ?? continued?.draft);

  const onCreated = (draft: AdminPost) => {
    setNewForm((f) => f && { ...f, draft });
    void navigate(`/admin/posts/${draft.id}`, { replace: true });
  };

  const form = (p: AdminPost | undefined) => (
    <PostForm
      key={id === undefined || continued ? `new-${newForm?.visit ?? ''}` : p?.id}
      post={p}
      slugsInUse={slugsInUse}
      renderPreview={renderPreview}
      onCreated={onCreated}
      startFrom={p ? undefined : startFrom}
    />
  );

  return (
    <section aria-labelledby="post-form-heading">
      <Header title={translating !== null ? 'New Spanish translation' : id === undefined || continued ? 'New post' : shown ? 'Edit post' : 'Post'} />
      {translating !== null && !startFrom ? (
        original.isPending ? (
          <Spinner label="Loading the English post…" />
        ) : original.error instanceof ApiError && (original.error.status === 404 || original.error.status === 400) ? (
          <div className="admin-card admin-empty">
            <p>The English post to translate does not exist any more. It may have been deleted.</p>
            <Link to="/admin/posts">Back to all posts</Link>
          </div>
        ) : (
          <LoadFailedAlert subject="The English post" error={original.error} onRetry={() => void original.refetch()} />
        )
      ) : id === undefined ? (
        form(undefined)
      ) : shown ? (
        form(shown)
      ) : post.isPending ? (
        <Spinner label="Loading the post…" />
      ) : post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400) ? (
        <div className="admin-card admin-empty">
          <p>This post does not exist any more. It may have been deleted.</p>
          <Link to="/admin/posts">Back to all posts</Link>
        </div>
      ) : (
        <LoadFailedAlert subject="The post" error={post.error} onRetry={() => void post.refetch()} />
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
