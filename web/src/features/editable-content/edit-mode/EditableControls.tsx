import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { EDITOR_HEIGHT, RichTextEditor } from '@/components/staff/rich-text-editor/RichTextEditor';
import { toast } from '@/components/ui/use-toast';
import { useEditableItem } from '../api/get-editable-content';
import type { EditableParams } from '../fill-params';
import editModeCss from './edit-mode.css?url';
import { saveEditable } from './save-editable';

type Props = {
  contentKey: string;
  type: 'text' | 'html';
  params?: EditableParams;
  block: boolean;
  /** The item's stored content (placeholders unfilled), or the build-time wording. */
  current: string;
  /** The rendered editable element. */
  children: ReactNode;
};

/**
 * Edit mode around one editable text (SPEC §4): an edit button that shows
 * on hover and on keyboard focus, and the editor it opens, preloaded with
 * the current value — rich text for html items (400 px), a plain text box
 * for text items (200 px).
 */
export default function EditableControls({ contentKey, type, params, block, current, children }: Props) {
  const [open, setOpen] = useState(false);
  const item = useEditableItem(contentKey);
  const Wrap = block ? 'div' : 'span';
  const name = item?.description ? `${contentKey} (${item.description})` : contentKey;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back to the button that opened the editor, for keyboard users.
    queueMicrotask(() => buttonRef.current?.focus());
  };
  return (
    <Wrap className={`ec ${block ? 'ec--block' : 'ec--inline'}${open ? ' ec--open' : ''}`}>
      <StaffStylesheet />
      <StaffStylesheet href={editModeCss} />
      {children}
      {!open && (
        <button
          ref={buttonRef}
          type="button"
          className="ec__button"
          aria-label={`Edit ${name}`}
          title={`Edit ${contentKey}`}
          onClick={() => setOpen(true)}
        >
          Edit
        </button>
      )}
      {open && (
        <EditorPanel contentKey={contentKey} type={type} params={params} current={current} label={name} onClose={close} />
      )}
    </Wrap>
  );
}

function EditorPanel({
  contentKey,
  type,
  params,
  current,
  label,
  onClose,
}: {
  contentKey: string;
  type: 'text' | 'html';
  params?: EditableParams;
  current: string;
  label: string;
  onClose: () => void;
}) {
  const [value, setValue] = useState(current);
  const queryClient = useQueryClient();
  const id = useId();
  const placeholders = Object.keys(params ?? {});
  const save = async () => {
    onClose();
    const outcome = await saveEditable(queryClient, contentKey, type, current, value);
    if (outcome === 'saved') toast({ title: 'Success', description: 'Content updated successfully' });
    if (outcome === 'failed') toast({ variant: 'destructive', title: 'Error', description: 'Failed to update content' });
  };
  return (
    <form
      className="ec__panel"
      aria-label={`Edit ${label}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <label className="ec__label" htmlFor={id} id={`${id}-label`}>
        {contentKey}
        {placeholders.length > 0 && (
          <span className="ec__hint"> — {placeholders.map((p) => `{${p}}`).join(', ')} is filled in on the page</span>
        )}
      </label>
      {type === 'html' ? (
        <RichTextEditor id={id} aria-labelledby={`${id}-label`} value={value} onChange={setValue} height={EDITOR_HEIGHT.block} />
      ) : (
        <textarea
          id={id}
          className="ec__text"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          style={{ height: EDITOR_HEIGHT.inline }}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opened on request
          autoFocus
        />
      )}
      <div className="ec__actions">
        <button type="submit" className="button button--primary button--small">
          Save
        </button>
        <button type="button" className="button button--small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
