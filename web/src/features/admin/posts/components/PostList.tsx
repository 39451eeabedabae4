import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { ShowMore } from '@/components/staff/ShowMore';
import { useShowMore } from '@/components/staff/use-show-more';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useDebouncedText } from '@/components/staff/use-debounced-value';
import { useNow } from '@/components/staff/use-now';
import { errorMessage } from '@/lib/api-client';
import { useCan } from '../../shell/access';
import { useDeletePost } from '../api/delete-post';
import { useAdminPostList, type AdminPostSummary } from '../api/get-admin-posts';
import { POST_DATE_PREFIX, postDate, postStatus, type PostStatus } from '../utils/post-status';
import { countText, LANGUAGE_NAME, listedText, readLanguage, readSort, type PostSort } from '../utils/post-list';
import { POST_LANGUAGE_LABEL, postLanguageOf } from '../utils/post-form';
import { newTranslationPath, sitePath, translationNote } from '../utils/post-translation';
import { LanguageBadge } from './LanguageBadge';
import { StatusBadge } from './StatusBadge';

const SORTS: Record<PostSort, { column: 'title' | 'date'; aria: 'ascending' | 'descending' }> = {
  newest: { column: 'date', aria: 'descending' },
  oldest: { column: 'date', aria: 'ascending' },
  title: { column: 'title', aria: 'ascending' },
};

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 300;
/** The server's limit on a search. */
const QUERY_MAX_LENGTH = 200;

/**
 * /admin/posts: the posts, drafts and scheduled ones included, with their
 * status and date, a page at a time ("Show more posts"). The server
 * searches titles and orders the list; both live in the address (?q=,
 * ?sort=), so back, forward and reload keep them. The search goes out
 * once typing pauses. A role that only reads posts (sales) opens each
 * post's preview and has no New post or Delete. Each post shows its
 * language and its other-language version (issue 40), and the list keeps
 * one language when asked (?lang=).
 */
export function PostList() {
  const editor = useCan('editContent');
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const sort = readSort(params.get('sort'));
  const language = readLanguage(params.get('lang'));
  const searched = useDebouncedText(query.trim(), SEARCH_DELAY_MS);
  const list = useAdminPostList({ query: searched, sort, language });
  const ids = { search: useId(), count: useId(), caption: useId(), language: useId() };
  const [toDelete, setToDelete] = useState<AdminPostSummary | null>(null);
  const remove = useDeletePost();

  const setParam = (name: string, value: string, fallback: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const searchInput = useRef<HTMLInputElement>(null);
  const clearSearch = () => {
    setParam('q', '', '');
    searchInput.current?.focus();
  };

  const pages = list.data?.pages;
  const posts = useMemo(() => pages?.flatMap((p) => p.posts) ?? [], [pages]);
  // The counts and the search of the answer on screen (a newer search may be loading).
  const first = pages?.[0];
  const answered = first?.query ?? '';
  const filtered = answered !== '' || language !== '';
  const count =
    first && first.totalCount !== null && first.postCount !== null ? countText(first.totalCount, first.postCount, answered, language) : '';

  // "Show more posts" moves the focus to the first post it brought, once it is drawn.
  const rows = useRef<HTMLTableSectionElement>(null);
  const focusRow = useCallback((index: number) => {
    rows.current?.rows[index]?.querySelector<HTMLElement>('.posts-table__title')?.focus();
  }, []);
  const showMore = useShowMore(list, posts.length, (data) => data?.pages.reduce((n, p) => n + p.posts.length, 0) ?? 0, focusRow);

  return (
    <section aria-labelledby="posts-heading">
      <div className="admin-toolbar">
        <h1 id="posts-heading">Blog posts</h1>
        {editor && (
          <Link to="/admin/posts/new" className="button button--primary">
            New post
          </Link>
        )}
      </div>

      <div className="admin-card">
        <div className="posts-search">
          <div className="staff-field">
            <label htmlFor={ids.search}>Search by title</label>
            <div className="posts-search__row">
              <input
                ref={searchInput}
                id={ids.search}
                type="search"
                value={query}
                maxLength={QUERY_MAX_LENGTH}
                onChange={(e) => setParam('q', e.currentTarget.value, '')}
                aria-controls={posts.length > 0 ? 'posts-table' : undefined}
                aria-describedby={ids.count}
                autoComplete="off"
              />
              {query !== '' && (
                <button type="button" className="button button--small" onClick={clearSearch}>
                  Clear search
                </button>
              )}
            </div>
          </div>
          <div className="staff-field posts-search__language">
            <label htmlFor={ids.language}>Language</label>
            <select
              id={ids.language}
              value={language}
              onChange={(e) => setParam('lang', e.currentTarget.value, '')}
              aria-controls={posts.length > 0 ? 'posts-table' : undefined}
            >
              <option value="">All languages</option>
              <option value="en">{POST_LANGUAGE_LABEL.en}</option>
              <option value="es" lang="es">
                {POST_LANGUAGE_LABEL.es}
              </option>
            </select>
          </div>
          <p id={ids.count} className="posts-search__count" role="status">
            {count}
          </p>
        </div>

        {list.isPending ? (
          <Spinner label="Loading posts…" />
        ) : !list.data ? (
          <LoadFailedAlert subject="The posts" error={list.error} onRetry={() => void list.refetch()} />
        ) : posts.length === 0 && !filtered ? (
          <p className="admin-empty">
            No posts yet.{editor && <> <Link to="/admin/posts/new">Write the first one</Link>.</>}
          </p>
        ) : posts.length === 0 && answered === '' ? (
          <p className="admin-empty">
            No {LANGUAGE_NAME[language || 'en']} posts yet.{' '}
            <button type="button" className="staff-linkbutton" onClick={() => setParam('lang', '', '')}>
              Show every language
            </button>
          </p>
        ) : posts.length === 0 ? (
          <p className="admin-empty">
            No {language ? `${LANGUAGE_NAME[language]} ` : ''}post title contains “{answered}”.{' '}
            <button type="button" className="staff-linkbutton" onClick={clearSearch}>
              Clear search
            </button>
          </p>
        ) : (
          <>
            <div
              className="posts-table-wrap"
              role="region"
              aria-labelledby={ids.caption}
              aria-busy={list.isPlaceholderData || undefined}
              tabIndex={0}
            >
              <table id="posts-table" className="admin-table posts-table">
                <caption id={ids.caption} className="visually-hidden">
                  Blog posts, {sortCaption(sort)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" aria-sort={SORTS[sort].column === 'title' ? SORTS[sort].aria : undefined}>
                      <SortButton active={sort === 'title'} onClick={() => setParam('sort', 'title', 'newest')}>
                        Title
                      </SortButton>
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col">Language</th>
                    <th scope="col" aria-sort={SORTS[sort].column === 'date' ? SORTS[sort].aria : undefined}>
                      <SortButton
                        active={SORTS[sort].column === 'date'}
                        direction={sort === 'oldest' ? 'up' : 'down'}
                        onClick={() => setParam('sort', sort === 'newest' ? 'oldest' : 'newest', 'newest')}
                        hint={sort === 'newest' ? 'show oldest first' : 'show newest first'}
                      >
                        Publish date
                      </SortButton>
                    </th>
                    <th scope="col">Last saved</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody ref={rows}>
                  {posts.map((post) => (
                    <PostRow key={post.id} post={post} now={now} editor={editor} onDelete={editor ? () => setToDelete(post) : undefined} />
                  ))}
                </tbody>
              </table>
            </div>
            {list.isError && (
              <div className="staff-alert staff-alert--error" role="alert">
                <p>
                  {list.isFetchNextPageError ? 'More posts could not be loaded' : 'The posts could not be refreshed'}:{' '}
                  {errorMessage(list.error)}
                </p>
              </div>
            )}
            {(list.hasNextPage || posts.length > (first?.posts.length ?? 0)) && (
              <ShowMore
                className="posts-more"
                count={listedText(posts.length, first?.totalCount ?? null)}
                hasMore={list.hasNextPage}
                busy={list.isFetchingNextPage}
                label="Show more posts"
                busyLabel="Loading more posts…"
                onShowMore={showMore}
              />
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this post?"
        description={
          <p>
            “{toDelete?.title}” and all its revisions will be deleted. {toDelete?.isPublished ? 'It disappears from the site at once. ' : ''}
            This cannot be undone.
          </p>
        }
        confirmLabel="Delete post"
        pendingLabel="Deleting…"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </section>
  );
}

/** A post's row; without `onDelete` (a role that only reads) its title opens the preview and there is no Delete. */
function PostRow({ post, now, editor, onDelete }: { post: AdminPostSummary; now: Date; editor: boolean; onDelete: (() => void) | undefined }) {
  const status: PostStatus = postStatus(post, now);
  // A draft's stored publish time is when it was created, not a publish date (issue 28).
  const date = postDate(post, now);
  const shownAt = parseTimestamp(date.at);
  const prefix = POST_DATE_PREFIX[date.kind];
  const saved = parseTimestamp(post.updatedAt);
  return (
    <tr>
      <td className="posts-table__cell-title">
        <Link to={onDelete ? `/admin/posts/${post.id}` : `/admin/preview/${post.id}`} className="posts-table__title">
          {post.title}
        </Link>
        <span className="posts-table__slug">{sitePath(post)}</span>
      </td>
      <td className="posts-table__status">
        <StatusBadge status={status} />
      </td>
      <td className="posts-table__language">
        <span className="posts-table__label" aria-hidden="true">
          Language:{' '}
        </span>
        <LanguageBadge language={postLanguageOf(post)} />
        <TranslationCell post={post} now={now} editor={editor} />
      </td>
      <td className="posts-table__date">
        {/* On a phone the rows are cards without a header row above them (posts.css). */}
        <span className="posts-table__label" aria-hidden="true">
          Publish date:{' '}
        </span>
        {shownAt ? (
          <time dateTime={date.at}>
            {prefix && <span className="posts-table__when">{prefix} </span>}
            {formatDateTime(shownAt)}
          </time>
        ) : (
          '—'
        )}
      </td>
      <td className="posts-table__saved">
        <span className="posts-table__label" aria-hidden="true">
          Last saved:{' '}
        </span>
        {saved ? <time dateTime={post.updatedAt}>{formatDateTime(saved)}</time> : '—'}
        {post.updatedBy && <span className="posts-table__by">by {post.updatedBy}</span>}
      </td>
      <td className="posts-table__cell-actions">
        <div className="posts-table__actions">
          <Link to={`/admin/preview/${post.id}`} className="button button--small">
            Preview<span className="visually-hidden"> “{post.title}”</span>
          </Link>
          {onDelete && (
            <button type="button" className="button button--small button--danger" onClick={onDelete}>
              Delete<span className="visually-hidden"> “{post.title}”</span>
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** A post's other-language version in the list: its state and a link, or (for staff who edit) a way to write one. */
function TranslationCell({ post, now, editor }: { post: AdminPostSummary; now: Date; editor: boolean }) {
  const note = translationNote(post, now);
  const open = (id: string) => (editor ? `/admin/posts/${id}` : `/admin/preview/${id}`);
  switch (note.kind) {
    case 'translated':
      return (
        <span className="posts-table__translation">
          <Link to={open(note.id)} lang="es">
            Spanish<span className="visually-hidden">: “{note.title}”</span>
          </Link>
          : <StatusBadge status={note.status} />
        </span>
      );
    case 'untranslated':
      return (
        <span className="posts-table__translation">
          {editor ? (
            <Link to={newTranslationPath(post.id)}>
              Translate<span className="visually-hidden"> “{post.title}” into Spanish</span>
            </Link>
          ) : (
            'No Spanish yet'
          )}
        </span>
      );
    case 'translation-of':
      return (
        <span className="posts-table__translation">
          Translates <Link to={open(note.id)}>“{note.title}”</Link>
        </span>
      );
    case 'unlinked':
      return <span className="posts-table__translation">No English original</span>;
  }
}

type SortButtonProps = {
  active: boolean;
  direction?: 'up' | 'down';
  hint?: string;
  onClick: () => void;
  children: string;
};

function SortButton({ active, direction = 'up', hint, onClick, children }: SortButtonProps) {
  return (
    <button type="button" className="posts-sort" onClick={onClick}>
      {children}
      <span aria-hidden="true" className={active ? 'posts-sort__arrow posts-sort__arrow--on' : 'posts-sort__arrow'}>
        {active ? (direction === 'up' ? '▲' : '▼') : '↕'}
      </span>
      {hint && active && <span className="visually-hidden">, {hint}</span>}
      {!active && <span className="visually-hidden">, sort by {children.toLowerCase()}</span>}
    </button>
  );
}

function sortCaption(sort: PostSort): string {
  return sort === 'title' ? 'sorted by title' : sort === 'oldest' ? 'oldest first' : 'newest first';
}
