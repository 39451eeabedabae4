import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A red confirm button, for what cannot be undone. */
  destructive?: boolean;
  /** The confirm action is running: both buttons wait, the dialog stays. */
  pending?: boolean;
  pendingLabel?: string;
  onConfirm: () => void;
  /** Where focus goes on closing; preventDefault() keeps Radix from returning it to the trigger (e.g. it is gone). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A modal question with two answers (Radix dialog: focus trapped, Escape
 * and the overlay cancel, focus returns to what opened it). The safe answer
 * has the focus when it opens, so a stray Enter never deletes anything.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  pendingLabel,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="staff-dialog__overlay" />
        <Dialog.Content
          className="staff-dialog"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            cancel.current?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title className="staff-dialog__title">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="staff-dialog__body">{description}</div>
          </Dialog.Description>
          <div className="staff-dialog__actions">
            <Dialog.Close asChild>
              <button ref={cancel} type="button" className="button" disabled={pending}>
                {cancelLabel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={destructive ? 'button button--danger-solid' : 'button button--primary'}
              onClick={onConfirm}
              disabled={pending}
              aria-busy={pending || undefined}
            >
              {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
