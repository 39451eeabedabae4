import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { ShowMore } from '@/components/staff/ShowMore';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useNow } from '@/components/staff/use-now';
import { useShowMore } from '@/components/staff/use-show-more';
import { errorMessage } from '@/lib/api-client';
import type { AdminPost } from '../api/get-admin-posts';
import { loadedRevisions, usePostRevisions, type PostRevision } from '../api/get-post-revisions';
import { useRestorePostRevision } from '../api/restore-post-revision';
import { revisionsListedText, revisionToPost } from '../utils/revision';
import { PreviewDialog } from './PreviewDialog';
import type { PreviewPost } from '../api/render-post';

type RevisionsPanelProps = {
  post: AdminPost;
  /** The form has changes a restore would replace. */
  dirty: boolean;
  /** The restored version, to replace what the form shows (unsaved changes included: the confirmation said so). */
  onRestored: (post: AdminPost) => void;
  renderPreview: (post: PreviewPost) => ReactNode;
};

/**
 * The post's earlier versions, newest first, a page at a time ("Show
 * earlier versions": each carries its whole body, so a post saved often
 * has more than one answer can carry): who replaced each and when
 * (savedBy, savedAt); each can be viewed as the site showed it, and
 * restored after a confirmation. Restoring keeps the current version as a
 * revision too, so nothing is lost; the restored post is handed to the form
 * (onRestored), which shows it even over unsaved changes: a newer version
 * that merely arrives in the cache would not replace typing (issue 28).
 */
export function RevisionsPanel({ post, dirty, onRestored, renderPreview }: RevisionsPanelProps) {
  const revisions = usePostRevisions(post.id);
  const restore = useRestorePostRevision({ onRestored });
  const now = useNow();
  const headingId = useId();
  const [viewing, setViewing] = useState<PostRevision | null>(null);
  const [restoring, setRestoring] = useState<PostRevision | null>(null);
  const loaded = loadedRevisions(revisions.data);
  const total = revisions.data?.pages[0]?.totalCount ?? null;
  // "Show earlier versions" moves the focus to the first version it brought.
  const listed = useRef<HTMLOListElement>(null);
  const focusEntry = useCallback((index: number) => {
    listed.current?.querySelectorAll('li.post-revisions__item')[index]?.querySelector<HTMLElement>('button')?.focus();
  }, []);
  const showMore = useShowMore(revisions, loaded.length, (data) => loadedRevisions(data).length, focusEntry);

  return (
    <section className="admin-card post-revisions" aria-labelledby={headingId}>
      <h2 id={headingId}>Revisions</h2>
      {revisions.isPending ? (
        <Spinner label="Loading revisions…" />
      ) : revisions.isError && !revisions.isFetchNextPageError ? (
        <LoadFailedAlert subject="The revisions" error={revisions.error} onRetry={() => void revisions.refetch()} />
      ) : loaded.length === 0 ? (
        <p className="staff-note">No earlier versions yet. Each time the post is saved, the version it replaces is kept here.</p>
      ) : (
        <>
          <ol className="post-revisions__list" ref={listed}>
            {loaded.map((revision) => {
              const at = parseTimestamp(revision.savedAt);
              return (
                <li key={revision.id} className="post-revisions__item">
                  <p className="post-revisions__what">{revision.title}</p>
                  <p className="post-revisions__when">
                    Replaced{' '}
                    {at ? (
                      <time dateTime={revision.savedAt} title={formatDateTime(at)}>
                        {formatRelativeTime(at, now)}
                      </time>
                    ) : (
                      'at an unknown time'
                    )}
                    {revision.savedBy && <> by {revision.savedBy}</>}
                  </p>
                  <div className="post-revisions__actions">
                    <button type="button" className="button button--small" onClick={() => setViewing(revision)}>
                      View<span className="visually-hidden"> the version replaced {at ? formatDateTime(at) : ''}</span>
                    </button>
                    <button type="button" className="button button--small" onClick={() => setRestoring(revision)}>
                      Restore<span className="visually-hidden"> the version replaced {at ? formatDateTime(at) : ''}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
          {revisions.isFetchNextPageError && (
            <div className="staff-alert staff-alert--error" role="alert">
              <p>Earlier versions could not be loaded: {errorMessage(revisions.error)}</p>
            </div>
          )}
          {(revisions.hasNextPage || (revisions.data?.pages.length ?? 0) > 1) && (
            <ShowMore
              className="post-revisions__more"
              count={revisionsListedText(loaded.length, total)}
              hasMore={revisions.hasNextPage}
              busy={revisions.isFetchingNextPage}
              label="Show earlier versions"
              busyLabel="Loading earlier versions…"
              onShowMore={showMore}
            />
          )}
        </>
      )}

      <PreviewDialog
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title="Earlier version"
        note={viewing ? revisionNote(viewing) : undefined}
      >
        {viewing && renderPreview(revisionToPost(viewing, post))}
      </PreviewDialog>

      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title="Restore this version?"
        description={
          <>
            <p>
              The post becomes “{restoring?.title}” as it was before {restoring ? revisionWhen(restoring) : ''}. The current
              version is kept as a revision, so you can go back to it.
            </p>
            {dirty && <p>Your unsaved changes in the form will be lost.</p>}
          </>
        }
        confirmLabel="Restore version"
        pendingLabel="Restoring…"
        pending={restore.isPending}
        onConfirm={() => {
          if (!restoring) return;
          restore.mutate(
            { postId: post.id, revisionId: restoring.id },
            {
              onSettled: () => setRestoring(null),
            },
          );
        }}
      />
    </section>
  );
}

function revisionWhen(revision: PostRevision): string {
  const at = parseTimestamp(revision.savedAt);
  return at ? formatDateTime(at) : 'an unknown time';
}

function revisionNote(revision: PostRevision): string {
  return `The post as it was until ${revisionWhen(revision)}${revision.savedBy ? `, when ${revision.savedBy} replaced it` : ''}.`;
}
