import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import type { StaleVersion } from '@/lib/api-errors';
import { formatDateTime, parseTimestamp } from './format';

/** One field whose two versions differ. */
export type ConflictRow = {
  label: string;
  theirs: ReactNode;
  yours: ReactNode;
};

export type ConflictDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What was being saved, for the wording: "post", "text". */
  what: string;
  /** Who saved the newer version, and when (the 409's metadata). */
  stale: StaleVersion;
  /** The fields that differ between their version and yours; empty while theirs is loading. */
  rows: readonly ConflictRow[];
  /** Their version is still being fetched. */
  loading?: boolean;
  /** A save is on its way: the buttons wait. */
  pending?: boolean;
  /** Save yours over theirs (theirs stays a revision where there are revisions). */
  onOverwrite: () => void;
  /** Drop yours and show theirs. */
  onLoadTheirs: () => void;
  /** Put the fields you changed on top of their version, to review before saving (posts). */
  onMerge?: () => void;
  /**
   * Once the dialog closes (Radix's onCloseAutoFocus): call preventDefault and
   * place the focus yourself, e.g. when a choice removed what had it. By
   * default it goes back to what had it when the dialog opened.
   */
  onCloseAutoFocus?: (event: Event) => void;
};

/** "ben@… at Nov 26, 2026, 12:04 PM" for the newer version. */
export function staleBy(stale: StaleVersion): string {
  const at = parseTimestamp(stale.updatedAt);
  const who = stale.updatedBy || 'Someone else';
  return at ? `${who} at ${formatDateTime(at)}` : who;
}

/**
 * Issue 28's edit conflict: a save was refused because someone saved a
 * newer version after this one was opened. Both versions side by side, field
 * by field; the person chooses. Nothing is written until they do, and the
 * safe answer (close, keep editing) has the focus.
 */
export function ConflictDialog({
  open,
  onOpenChange,
  what,
  stale,
  rows,
  loading = false,
  pending = false,
  onOverwrite,
  onLoadTheirs,
  onMerge,
  onCloseAutoFocus,
}: ConflictDialogProps) {
  const keepEditing = useRef<HTMLButtonElement>(null);
  // The dialog is opened by a save, not a Dialog.Trigger, so Radix has no
  // trigger to give the focus back to: remember what had it.
  const hadFocus = useRef<HTMLElement | null>(null);
  const at = parseTimestamp(stale.updatedAt);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="staff-dialog__overlay" />
        <Dialog.Content
          className="staff-dialog conflict-dialog"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            if (document.activeElement instanceof HTMLElement) hadFocus.current = document.activeElement;
            keepEditing.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            onCloseAutoFocus?.(e);
            if (e.defaultPrevented) return;
            e.preventDefault();
            if (hadFocus.current?.isConnected) hadFocus.current.focus();
          }}
        >
          <Dialog.Title className="staff-dialog__title">Someone else saved this {what}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="staff-dialog__body">
              <p>
                <strong>{stale.updatedBy || 'Someone else'}</strong> saved a newer version
                {at && (
                  <>
                    {' '}
                    at <time dateTime={stale.updatedAt}>{formatDateTime(at)}</time>
                  </>
                )}
                , after you opened it. Your changes are not saved yet.
              </p>
            </div>
          </Dialog.Description>
          {/* Keyed: the production build runs on preact/compat (ADR 0004), whose
              diff matches unkeyed siblings by type, and would turn the buttons'
              <div> into the table's when their version arrives, dropping the focus. */}
          {loading ? (
            <p key="loading" className="conflict-dialog__loading" role="status">
              Loading their version…
            </p>
          ) : rows.length === 0 ? (
            <p key="same" className="conflict-dialog__same">Their version and yours are the same.</p>
          ) : (
            <div key="table" className="conflict-dialog__table" role="region" aria-label="The two versions" tabIndex={0}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Their version</th>
                    <th scope="col">Yours (not saved)</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.label}>
                      <th scope="row">{r.label}</th>
                      <td data-version="theirs">{r.theirs}</td>
                      <td data-version="yours">{r.yours}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div key="actions" className="staff-dialog__actions conflict-dialog__actions">
            <Dialog.Close asChild>
              <button ref={keepEditing} type="button" className="button" disabled={pending}>
                Keep editing
              </button>
            </Dialog.Close>
            <button type="button" className="button" onClick={onLoadTheirs} disabled={pending || loading}>
              Discard mine, load theirs
            </button>
            {onMerge && (
              <button type="button" className="button" onClick={onMerge} disabled={pending || loading}>
                Put my changes on their version
              </button>
            )}
            <button
              type="button"
              className="button button--primary"
              onClick={onOverwrite}
              disabled={pending || loading}
              aria-busy={pending || undefined}
            >
              {pending ? 'Saving…' : 'Save mine over theirs'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
