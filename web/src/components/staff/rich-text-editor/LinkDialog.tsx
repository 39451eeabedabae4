import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { FieldError } from '../FieldError';
import { normalizeLinkUrl } from './link-url';

export type LinkDialogRequest = {
  /** The link's current target; '' for a new link. */
  href: string;
  /** No text is selected: ask for the words to show too. */
  needsText: boolean;
};

type LinkDialogProps = {
  request: LinkDialogRequest | null;
  onClose: () => void;
  /** The dialog has gone and its focus trap with it: where focus goes next. */
  onClosed: () => void;
  onSave: (href: string, text: string) => void;
  onRemove: () => void;
};

/**
 * Asks for a link's address (and, with nothing selected, its text) in a
 * modal dialog: labelled fields, the error next to the field, Enter saves,
 * Escape cancels. Editing an existing link offers to remove it.
 */
export function LinkDialog({ request, onClose, onClosed, onSave, onRemove }: LinkDialogProps) {
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="staff-dialog__overlay" />
        <Dialog.Content
          className="staff-dialog"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
        >
          {request && <LinkForm request={request} onClose={onClose} onSave={onSave} onRemove={onRemove} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinkForm({ request, onClose, onSave, onRemove }: Omit<LinkDialogProps, 'onClosed'> & { request: LinkDialogRequest }) {
  const id = useId();
  const [href, setHref] = useState(request.href);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const editing = request.href !== '';

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The dialog is portalled, but React events still bubble to the form the editor sits in.
    e.stopPropagation();
    const result = normalizeLinkUrl(href);
    if (!result.ok) {
      setError(result.message);
      document.getElementById(`${id}-href`)?.focus();
      return;
    }
    onSave(result.href, text.trim());
  };

  return (
    <form className="staff-form" onSubmit={submit} noValidate>
      <Dialog.Title className="staff-dialog__title">{editing ? 'Edit link' : 'Add link'}</Dialog.Title>
      <Dialog.Description className="staff-dialog__body">
        A page of this site (for example /contact), a web address, an e-mail address or a phone link.
      </Dialog.Description>
      <div className="staff-field">
        <label htmlFor={`${id}-href`}>Link address</label>
        <input
          id={`${id}-href`}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={href}
          onChange={(e) => {
            setHref(e.currentTarget.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      {request.needsText && (
        <div className="staff-field">
          <label htmlFor={`${id}-text`}>Link text</label>
          <input id={`${id}-text`} type="text" value={text} onChange={(e) => setText(e.currentTarget.value)} aria-describedby={`${id}-text-hint`} />
          <p id={`${id}-text-hint`} className="staff-field__hint">
            The words people click. Left empty, the address is shown.
          </p>
        </div>
      )}
      <div className="staff-dialog__actions">
        {editing && (
          <button type="button" className="button button--danger rte__dialog-remove" onClick={onRemove}>
            Remove link
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary">
          {editing ? 'Update link' : 'Add link'}
        </button>
      </div>
    </form>
  );
}
