import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ConflictDialog } from '@/components/staff/ConflictDialog';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { EDITOR_HEIGHT, RichTextEditor } from '@/components/staff/rich-text-editor/RichTextEditor';
import { toast } from '@/components/ui/use-toast';
import type { StaleVersion } from '@/lib/api-errors';
import { editableContentQueryKey, useEditableItem, type EditableContentItem } from '../api/get-editable-content';
import type { EditableParams } from '../fill-params';
import { useEditableLocale, type EditableLocale } from '../locale';
import editModeCss from './edit-mode.css?url';
import { htmlToPlainText } from './plain-text';
import { saveEditable, type SaveOutcome } from './save-editable';

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

/** An open editor: what it holds, and the version of the item it was opened on (issue 28). */
type Editing = { value: string; base: string | undefined; refocus: boolean };

/** A save refused because someone saved a newer version: theirs (on the page now) and what this person wrote. */
type Conflict = { stale: StaleVersion; theirs: EditableContentItem | undefined; mine: string; base: string | undefined };

/**
 * Edit mode around one editable text (SPEC §4): an edit button that shows
 * on hover and on keyboard focus, and the editor it opens, preloaded with
 * the current value — rich text for html items (400 px), a plain text box
 * for text items (200 px). A save is based on the version the editor was
 * opened on; when someone else saved since, the two versions are compared
 * and the person chooses (ConflictDialog), instead of either being lost.
 */
export default function EditableControls({ contentKey, type, params, block, current, children }: Props) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const item = useEditableItem(contentKey);
  // On a Spanish page (issue 40) the Spanish text is edited and saved.
  const locale = useEditableLocale();
  const Wrap = block ? 'div' : 'span';
  const name = item?.description ? `${contentKey} (${item.description})` : contentKey;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(null);
    // Back to the button that opened the editor, for keyboard users.
    queueMicrotask(() => buttonRef.current?.focus());
  };

  /** What a save came to, told to the person; a conflict opens the comparison. */
  const report = (outcome: SaveOutcome, mine: string, base: string | undefined) => {
    switch (outcome.status) {
      case 'saved':
        setConflict(null);
        toast({ title: 'Success', description: 'Content updated successfully' });
        break;
      case 'unchanged':
        setConflict(null);
        break;
      case 'failed':
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to update content' });
        break;
      case 'conflict':
        setConflict({ stale: outcome.stale, theirs: outcome.theirs, mine, base });
        break;
    }
  };

  const save = async (value: string, base: string | undefined) => {
    close();
    report(await saveEditable(queryClient, contentKey, type, current, value, base, locale), value, base);
  };

  // Theirs becomes the base: the write is meant to replace exactly what was compared.
  const overwrite = async () => {
    if (!conflict) return;
    const base = conflict.theirs?.version ?? conflict.stale.version;
    setPending(true);
    const outcome = await saveEditable(queryClient, contentKey, type, conflict.theirs?.content ?? current, conflict.mine, base, locale);
    setPending(false);
    report(outcome, conflict.mine, base);
  };

  const loadTheirs = () => {
    // The page shows theirs already (saveEditable re-read the list), unless that read failed.
    if (!conflict?.theirs) void queryClient.invalidateQueries({ queryKey: editableContentQueryKey });
    setConflict(null);
    toast({ title: 'Their version is shown', description: 'Your changes to this text were discarded.' });
  };

  const keepEditing = () => {
    if (!conflict) return;
    setConflict(null);
    setEditing({ value: conflict.mine, base: conflict.base, refocus: true });
  };

  const readable = (content: string) => (type === 'html' ? htmlToPlainText(content) : content);

  return (
    <Wrap className={`ec ${block ? 'ec--block' : 'ec--inline'}${editing ? ' ec--open' : ''}`}>
      <StaffStylesheet />
      <StaffStylesheet href={editModeCss} />
      {children}
      {!editing && (
        <button
          ref={buttonRef}
          type="button"
          className="ec__button"
          aria-label={`Edit ${name}`}
          title={`Edit ${contentKey}`}
          // The version comes from the API's list, which edit mode reads when it starts (EditModeBar).
          onClick={() => setEditing({ value: current, base: item?.version, refocus: false })}
        >
          Edit
        </button>
      )}
      {editing && (
        <EditorPanel
          contentKey={contentKey}
          type={type}
          params={params}
          initial={editing.value}
          refocus={editing.refocus}
          label={name}
          locale={locale}
          fallback={locale === 'es' && item?.fallback === true}
          onSave={(value) => void save(value, editing.base)}
          onClose={close}
        />
      )}
      {conflict && (
        <ConflictDialog
          open
          onOpenChange={(open) => {
            if (!open) keepEditing();
          }}
          what="text"
          stale={conflict.stale}
          rows={[
            {
              label: 'Content',
              theirs: conflict.theirs ? readable(conflict.theirs.content) : <em>Their version could not be loaded.</em>,
              yours: readable(conflict.mine),
            },
          ]}
          pending={pending}
          onOverwrite={() => void overwrite()}
          onLoadTheirs={loadTheirs}
        />
      )}
    </Wrap>
  );
}

function EditorPanel({
  contentKey,
  type,
  params,
  initial,
  refocus,
  label,
  locale,
  fallback,
  onSave,
  onClose,
}: {
  contentKey: string;
  type: 'text' | 'html';
  params?: EditableParams;
  initial: string;
  /** Take the focus once open (back from the conflict dialog, which hands it back to nothing). */
  refocus: boolean;
  label: string;
  /** The page's language: the text's language being edited. */
  locale: EditableLocale;
  /** A Spanish page showing the English text: the item has no Spanish text yet. */
  fallback: boolean;
  onSave: (value: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const id = useId();
  const field = useRef<{ focus: () => void } | null>(null);
  const placeholders = Object.keys(params ?? {});
  useEffect(() => {
    if (!refocus) return;
    // After the closing dialog has put the focus back where it was opened from.
    const timer = setTimeout(() => field.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [refocus]);
  return (
    <form
      className="ec__panel"
      aria-label={`Edit ${label}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(value);
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
        {locale === 'es' && <span className="ec__lang"> (Spanish)</span>}
        {placeholders.length > 0 && (
          <span className="ec__hint"> — {placeholders.map((p) => `{${p}}`).join(', ')} is filled in on the page</span>
        )}
      </label>
      {fallback && (
        <p className="ec__hint ec__fallback">
          No Spanish text yet: this page falls back to the English one below. What you save becomes the Spanish text.
        </p>
      )}
      {type === 'html' ? (
        <RichTextEditor
          id={id}
          ref={(handle) => {
            field.current = handle;
          }}
          aria-labelledby={`${id}-label`}
          value={value}
          onChange={setValue}
          height={EDITOR_HEIGHT.block}
        />
      ) : (
        <textarea
          id={id}
          ref={(el) => {
            field.current = el;
          }}
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
