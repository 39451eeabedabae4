import type { RefObject } from 'react';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import type { PostConflicts } from './use-post-conflict';

type PostFormActionsProps = {
  barRef: RefObject<HTMLDivElement | null>;
  saveButton: RefObject<HTMLButtonElement | null>;
  conflicts: Pick<PostConflicts, 'newer' | 'settled' | 'compare'>;
  /** The autosave's state, or that changes wait for Save. */
  autosaveText: string;
  saving: boolean;
  startedNew: boolean;
  editing: boolean;
  onPreview: () => void;
  onCancel: () => void;
  onDelete: () => void;
};

/** The form's sticky bar: a newer version's notice, the autosave's state, Save, Preview, Cancel and Delete. */
export function PostFormActions(props: PostFormActionsProps) {
  const { barRef, saveButton, conflicts, autosaveText, saving, startedNew, editing } = props;
  const { newer, settled, compare } = conflicts;
  const newerAt = parseTimestamp(newer?.updatedAt);
  return (
    <div ref={barRef} className="post-form__actions">
      {/* Always in the page, so what appears in it is announced (politely: typing goes on). */}
      <div className="post-form__notice" role="status">
        {newer ? (
          <p className="staff-alert staff-alert--warning">
            {newer.updatedBy || 'Someone else'} saved a newer version
            {newerAt && (
              <>
                {' '}
                at <time dateTime={newer.updatedAt}>{formatDateTime(newerAt)}</time>
              </>
            )}
            . Your changes are still here, not saved yet.{' '}
            <button type="button" className="button button--small" onClick={compare}>
              Compare
            </button>
          </p>
        ) : settled ? (
          <p className="staff-alert staff-alert--success">
            {settled.how === 'merged'
              ? `Your changes are now on the version ${settled.who || 'someone else'} saved. Check the form, then save.`
              : `The form now shows the version ${settled.who || 'someone else'} saved. Your changes were discarded.`}
          </p>
        ) : null}
      </div>
      {/* The autosave's state (or that changes wait for Save): polite, and it never takes the focus. */}
      <p className="post-form__autosave" role="status">
        {autosaveText}
      </p>
      <button
        ref={saveButton}
        type="submit"
        className="button button--primary"
        aria-disabled={saving || undefined}
        aria-keyshortcuts="Control+S Meta+S"
        title="Save (Ctrl+S)"
      >
        {saving ? 'Saving…' : startedNew ? 'Create post' : 'Save changes'}
      </button>
      <button type="button" className="button" onClick={props.onPreview}>
        Preview
      </button>
      <button type="button" className="button" onClick={props.onCancel}>
        Cancel
      </button>
      {editing && (
        <button type="button" className="button button--danger post-form__delete" onClick={props.onDelete}>
          Delete post
        </button>
      )}
    </div>
  );
}
