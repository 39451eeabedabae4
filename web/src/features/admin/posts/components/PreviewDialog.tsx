import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

type PreviewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is shown, e.g. "Preview of your unsaved changes". */
  title: string;
  /** One line under the title (whose version, when). */
  note?: ReactNode;
  /** The public article component, rendered by the routes layer. */
  children: ReactNode;
};

/**
 * A full-height panel showing a post exactly as the public article page
 * would: the article itself comes from the caller (the site's own
 * ArticleView), only the frame is ours. Escape or Close returns to the form.
 */
export function PreviewDialog({ open, onOpenChange, title, note, children }: PreviewDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="post-preview__overlay" />
        <Dialog.Content className="post-preview">
          <header className="post-preview__bar">
            <div>
              <Dialog.Title className="post-preview__title">{title}</Dialog.Title>
              {note ? (
                <Dialog.Description className="post-preview__note">{note}</Dialog.Description>
              ) : (
                <Dialog.Description className="visually-hidden">
                  The post as visitors will see it on the site.
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <button type="button" className="button button--small">
                Close preview
              </button>
            </Dialog.Close>
          </header>
          <div className="post-preview__page">{open && children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
