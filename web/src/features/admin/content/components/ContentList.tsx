import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { dropCopy } from '@/components/staff/local-copy';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { Spinner } from '@/components/staff/Spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { useDeleteEditableContent } from '../api/delete-editable-content';
import { useEditableContentList, type EditableContent } from '../api/list-editable-content';
import { contentCopyKey } from '../utils/content-copy';
import { groupByCategory, matchesSearch, plainText } from '../utils/content-items';

/** What the form hands back to the list after a save: the item to point out. */
export type SavedState = { saved?: string };

export function contentEditPath(contentKey: string): string {
  return `/admin/content/edit/${encodeURIComponent(contentKey)}`;
}

/** Every text item, grouped by category, searchable by key, text and description. */
export function ContentList() {
  const list = useEditableContentList();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const searchId = useId();
  const location = useLocation();
  const saved = (location.state as SavedState | null)?.saved;

  const items = list.data;
  const matches = useMemo(() => (items ?? []).filter((i) => matchesSearch(i, query)), [items, query]);
  const groups = useMemo(() => groupByCategory(matches), [matches]);
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useDeleteEditableContent();
  // The item the delete question is about (null: no question open).
  const [deleting, setDeleting] = useState<EditableContent | null>(null);
  const deleted = useRef(false);
  // The Delete button that asked: the dialog has no Radix trigger to give the focus back to.
  const asker = useRef<HTMLElement | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    const key = deleting.contentKey;
    remove.mutate(key, {
      onSuccess: () => {
        deleted.current = true;
        // Its copy in this browser (issue 28) has nothing left to be restored into.
        dropCopy(contentCopyKey(key));
        setDeleting(null);
        toast({ title: 'Success', description: 'Content deleted successfully' });
      },
      onError: (err) => {
        setDeleting(null);
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'Failed to delete content' });
      },
    });
  };

  return (
    <div className="content-tab">
      <div className="admin-toolbar">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Site Content
          </h1>
          <p className="staff-note">
            Headlines and text blocks shown on the public site. Changes are live as soon as they are saved.
          </p>
        </div>
        <Link to="/admin/content/new" className="button button--primary">
          New content item
        </Link>
      </div>

      <div role="search" className="content-search">
        <div className="staff-field">
          <label htmlFor={searchId}>Search content</label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="Key, text or description"
            autoComplete="off"
            onChange={(e) => {
              const q = e.currentTarget.value;
              setParams(q ? { q } : {}, { replace: true, preventScrollReset: true });
            }}
          />
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {items && query ? `${matches.length} of ${items.length} items match “${query}”.` : ''}
      </p>

      {list.isPending ? (
        <Spinner label="Loading site content…" />
      ) : list.isError ? (
        <div className="staff-alert staff-alert--error" role="alert">
          The site content could not be loaded: {errorMessage(list.error)}{' '}
          <button type="button" className="staff-linkbutton" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : items && items.length === 0 ? (
        <div className="admin-card admin-empty">
          <p>No content items yet.</p>
          <Link to="/admin/content/new" className="button button--primary">
            Create the first one
          </Link>
        </div>
      ) : groups.length === 0 ? (
        <div className="admin-card admin-empty">
          <p>No content matches “{query}”.</p>
          <button type="button" className="button" onClick={() => setParams({}, { replace: true })}>
            Clear the search
          </button>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.category} className="content-group" aria-labelledby={`content-group-${group.category}`}>
            <h2 id={`content-group-${group.category}`} className="content-group__title">
              {group.label} <span className="content-group__count">{group.items.length}</span>
            </h2>
            <ul className="content-items" role="list">
              {group.items.map((item) => (
                <ContentRow
                  key={item.contentKey}
                  item={item}
                  highlighted={item.contentKey === saved}
                  onDelete={(button) => {
                    asker.current = button;
                    setDeleting(item);
                  }}
                />
              ))}
            </ul>
          </section>
        ))
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this text?"
        description={
          deleting && (
            <p>
              <code>{deleting.contentKey}</code> will be deleted. Wherever the site shows it, the page goes back to its
              built-in text for that place. This cannot be undone.
            </p>
          )
        }
        confirmLabel="Delete text"
        pendingLabel="Deleting…"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          // Deleted, the row (and its Delete button) is gone: the keyboard carries on from the list's heading.
          if (deleted.current || !asker.current?.isConnected) heading.current?.focus();
          else asker.current.focus();
          deleted.current = false;
        }}
      />
    </div>
  );
}

function ContentRow({
  item,
  highlighted,
  onDelete,
}: {
  item: EditableContent;
  highlighted: boolean;
  onDelete: (button: HTMLButtonElement) => void;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  // Back from a save, the saved item is pointed out and has the focus, so
  // the keyboard carries on from where the work was.
  useEffect(() => {
    if (!highlighted) return;
    link.current?.focus({ preventScroll: true });
    link.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  const updated = parseTimestamp(item.updatedAt);
  const preview = item.contentType === 'html' ? plainText(item.content) : item.content;
  return (
    <li className={highlighted ? 'content-item content-item--saved' : 'content-item'} data-content-key={item.contentKey}>
      <div className="content-item__main">
        <h3 className="content-item__key">
          <code>{item.contentKey}</code>
          <span className="content-item__type">{item.contentType === 'html' ? 'HTML' : 'Text'}</span>
        </h3>
        {item.description && <p className="content-item__description">{item.description}</p>}
        <p className="content-item__preview">{preview || <em>Empty</em>}</p>
      </div>
      <div className="content-item__side">
        {updated && (
          <p className="content-item__updated">
            Updated <time dateTime={item.updatedAt}>{formatDateTime(updated)}</time>
          </p>
        )}
        <div className="content-item__actions">
          <Link ref={link} to={contentEditPath(item.contentKey)} className="button button--small">
            Edit<span className="visually-hidden"> {item.contentKey}</span>
          </Link>
          <button type="button" className="button button--small button--danger" onClick={(e) => onDelete(e.currentTarget)}>
            Delete<span className="visually-hidden"> {item.contentKey}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
