import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { dropCopy } from '@/components/staff/local-copy';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { ShowMore } from '@/components/staff/ShowMore';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useDebouncedText } from '@/components/staff/use-debounced-value';
import { useShowMore } from '@/components/staff/use-show-more';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { useCan } from '../../shell/access';
import { useDeleteEditableContent } from '../api/delete-editable-content';
import { adminContentListQueryKey, useAdminContentList } from '../api/get-admin-content';
import type { EditableContent } from '../api/list-editable-content';
import type { EditableLocale } from '@/features/editable-content';
import { contentCopyKey } from '../utils/content-copy';
import { CONTENT_CATEGORIES, categoryLabel, plainText } from '../utils/content-items';
import { CONTENT_LANGUAGES, contentEditPath, hasSpanish, missingText, readLanguage } from '../utils/content-language';
import { countText, groupInOrder, listedText, readCategory } from '../utils/content-list';

/** What the form hands back to the list after a save: the item to point out. */
export type SavedState = { saved?: string };

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 300;
/** The server's limit on a search. */
const QUERY_MAX_LENGTH = 200;

/**
 * /admin/content: the texts, grouped by category in the site's order, a
 * page at a time ("Show more texts"). The server searches key, description
 * and text, and filters by category; both live in the address (?q=,
 * ?category=), so back, forward and reload keep them. The search goes out
 * once typing pauses. A role that only reads the texts (sales) has no
 * New, Edit or Delete. Issue 40: the list shows (and searches) the English
 * or the Spanish texts (?lang=es), marks the texts without Spanish (the
 * Spanish site falls back to their English), counts them, and can keep only
 * those (?missing=1).
 */
export function ContentList() {
  const editor = useCan('editContent');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const category = readCategory(params.get('category'));
  const language = readLanguage(params.get('lang'));
  const missing = params.get('missing') === '1';
  const searched = useDebouncedText(query.trim(), SEARCH_DELAY_MS);
  const listParams = { query: searched, category, locale: language, missing };
  const list = useAdminContentList(listParams);
  const queryClient = useQueryClient();
  const ids = { search: useId(), category: useId(), language: useId(), missing: useId(), count: useId() };
  const location = useLocation();
  const saved = (location.state as SavedState | null)?.saved;

  const setParam = (name: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      // A new search or category forgets the text just saved (its pointer would take the focus).
      { replace: true, preventScrollReset: true, state: null },
    );
  const searchInput = useRef<HTMLInputElement>(null);
  const clearSearch = () => {
    setParam('q', '');
    searchInput.current?.focus();
  };

  const pages = list.data?.pages;
  const items = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  const groups = useMemo(() => groupInOrder(items), [items]);
  // The counts, search and category of the answer on screen (a newer one may be loading).
  const first = pages?.[0];
  const answered = { query: first?.query ?? '', category: first?.category ?? '', missing: first?.missing ?? false };
  const filtered = answered.query !== '' || answered.category !== '' || answered.missing;
  const count = first ? countText(first.totalSize, first.itemCount, filtered) : '';
  const missingCount = first?.missingTranslationCount ?? 0;
  const startAgain = () => void queryClient.resetQueries({ queryKey: adminContentListQueryKey(listParams), exact: true });

  // "Show more texts" moves the focus to the first text it brought, once it is drawn.
  const listed = useRef<HTMLDivElement>(null);
  const focusEntry = useCallback((index: number) => {
    listed.current?.querySelectorAll('li.content-item')[index]?.querySelector<HTMLElement>('a')?.focus();
  }, []);
  const showMore = useShowMore(list, items.length, (data) => data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0, focusEntry);

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

  const categoryName = answered.category ? categoryLabel(answered.category) : '';
  // Back from a save of a text not among those loaded (further down a long list): said, with a way back to it.
  const savedElsewhere = saved && list.data && !list.isPlaceholderData && !items.some((i) => i.contentKey === saved) ? saved : null;

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
        {editor && (
          <Link to="/admin/content/new" className="button button--primary">
            New content item
          </Link>
        )}
      </div>

      <div role="search" className="content-search">
        <div className="staff-field">
          <label htmlFor={ids.search}>Search content</label>
          <input
            ref={searchInput}
            id={ids.search}
            type="search"
            value={query}
            maxLength={QUERY_MAX_LENGTH}
            placeholder="Key, text or description"
            autoComplete="off"
            aria-describedby={ids.count}
            onChange={(e) => setParam('q', e.currentTarget.value)}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={ids.category}>Category</label>
          <select id={ids.category} value={category} aria-describedby={ids.count} onChange={(e) => setParam('category', e.currentTarget.value)}>
            <option value="">All categories</option>
            {CONTENT_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={ids.language}>Language</label>
          <select
            id={ids.language}
            value={language}
            aria-describedby={ids.count}
            onChange={(e) => setParam('lang', e.currentTarget.value === 'es' ? 'es' : '')}
          >
            {CONTENT_LANGUAGES.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field staff-field--inline content-search__missing">
          <input
            id={ids.missing}
            type="checkbox"
            checked={missing}
            aria-describedby={ids.count}
            onChange={(e) => setParam('missing', e.currentTarget.checked ? '1' : '')}
          />
          <label htmlFor={ids.missing}>
            Missing Spanish only{' '}
            {first && (
              <span className={missingCount > 0 ? 'content-badge content-badge--missing' : 'content-badge'} title={missingText(missingCount)}>
                {missingCount.toLocaleString('en-US')}
                <span className="visually-hidden"> ({missingText(missingCount)})</span>
              </span>
            )}
          </label>
        </div>
      </div>
      <p id={ids.count} className="content-search__count" role="status">
        {count}
      </p>
      {savedElsewhere && <SavedNote contentKey={savedElsewhere} language={language} />}

      {list.isPending ? (
        <Spinner label="Loading site content…" />
      ) : !list.data ? (
        <LoadFailedAlert subject="The site content" error={list.error} onRetry={startAgain} />
      ) : items.length === 0 && !filtered ? (
        <div className="admin-card admin-empty">
          <p>No content items yet.</p>
          {editor && (
            <Link to="/admin/content/new" className="button button--primary">
              Create the first one
            </Link>
          )}
        </div>
      ) : items.length === 0 ? (
        <div className="admin-card admin-empty">
          <p>
            {answered.query !== ''
              ? `No ${categoryName ? `${categoryName} ` : ''}${answered.missing ? 'text missing its Spanish' : 'content'} matches “${answered.query}”.`
              : answered.missing
                ? `Every ${categoryName ? `${categoryName} ` : ''}text has its Spanish.`
                : `No content in ${categoryName} yet.`}
          </p>
          {answered.query !== '' ? (
            <button type="button" className="button" onClick={clearSearch}>
              Clear the search
            </button>
          ) : answered.missing ? (
            <button type="button" className="button" onClick={() => setParam('missing', '')}>
              Show every text
            </button>
          ) : (
            <button type="button" className="button" onClick={() => setParam('category', '')}>
              Show all categories
            </button>
          )}
        </div>
      ) : (
        <>
          <div ref={listed} aria-busy={list.isPlaceholderData || undefined}>
            {groups.map((group, index) => {
              // The last group may go on in the next page: its count is known once it ends.
              const complete = index < groups.length - 1 || !list.hasNextPage;
              return (
                <section key={group.category} className="content-group" aria-labelledby={`content-group-${group.category}`}>
                  <h2 id={`content-group-${group.category}`} className="content-group__title">
                    {group.label} {complete && <span className="content-group__count">{group.items.length}</span>}
                  </h2>
                  <ul className="content-items" role="list">
                    {group.items.map((item) => (
                      <ContentRow
                        key={item.contentKey}
                        item={item}
                        language={language}
                        highlighted={item.contentKey === saved}
                        onDelete={
                          editor
                            ? (button) => {
                                asker.current = button;
                                setDeleting(item);
                              }
                            : undefined
                        }
                      />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
          {list.isError && (
            <div className="staff-alert staff-alert--error" role="alert">
              <p>
                {list.isFetchNextPageError ? 'More texts could not be loaded' : 'The texts could not be refreshed'}:{' '}
                {errorMessage(list.error)}
              </p>
              <button type="button" className="button button--small" onClick={startAgain}>
                Start again from the first page
              </button>
            </div>
          )}
          {(list.hasNextPage || items.length > (first?.items.length ?? 0)) && (
            <ShowMore
              className="content-more"
              count={listedText(items.length, first?.totalSize ?? items.length)}
              hasMore={list.hasNextPage}
              busy={list.isFetchingNextPage}
              label="Show more texts"
              busyLabel="Loading more texts…"
              onShowMore={showMore}
            />
          )}
        </>
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

/** A saved text the loaded pages do not hold: said, with its Edit link focused (the keyboard carries on from the work). */
function SavedNote({ contentKey, language }: { contentKey: string; language: EditableLocale }) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    link.current?.focus({ preventScroll: true });
  }, [contentKey]);
  return (
    <p className="staff-alert staff-alert--success content-saved-note">
      <code>{contentKey}</code> is saved; it is further down the list.{' '}
      <Link ref={link} to={contentEditPath(contentKey, language)}>
        Edit<span className="visually-hidden"> {contentKey}</span> again
      </Link>
    </p>
  );
}

function ContentRow({
  item,
  language,
  highlighted,
  onDelete,
}: {
  item: EditableContent;
  /** The language the list shows: its text, last change and Edit form. */
  language: EditableLocale;
  highlighted: boolean;
  /** Without it (a role that only reads) the row has no Edit or Delete. */
  onDelete: ((button: HTMLButtonElement) => void) | undefined;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  // Back from a save, the saved item is pointed out and has the focus, so
  // the keyboard carries on from where the work was.
  useEffect(() => {
    if (!highlighted) return;
    link.current?.focus({ preventScroll: true });
    link.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  const spanish = hasSpanish(item);
  // The Spanish list shows a text's Spanish, or its English where the Spanish site falls back to it.
  const inSpanish = language === 'es' && spanish;
  const shown = inSpanish ? (item.contentEs ?? '') : item.content;
  const updatedAt = inSpanish ? (item.updatedAtEs ?? '') : item.updatedAt;
  const updated = parseTimestamp(updatedAt);
  const preview = item.contentType === 'html' ? plainText(shown) : shown;
  return (
    <li className={highlighted ? 'content-item content-item--saved' : 'content-item'} data-content-key={item.contentKey}>
      <div className="content-item__main">
        <h3 className="content-item__key">
          <code>{item.contentKey}</code>
          <span className="content-item__type">{item.contentType === 'html' ? 'HTML' : 'Text'}</span>
          {!spanish &&
            (language === 'es' ? (
              <span className="content-badge content-badge--missing">Falls back to English</span>
            ) : (
              <span className="content-badge content-badge--missing">No Spanish</span>
            ))}
        </h3>
        {item.description && <p className="content-item__description">{item.description}</p>}
        <p className={language === 'es' && !spanish ? 'content-item__preview content-item__preview--fallback' : 'content-item__preview'}>
          {preview || <em>Empty</em>}
        </p>
      </div>
      <div className="content-item__side">
        {updated && (
          <p className="content-item__updated">
            Updated <time dateTime={updatedAt}>{formatDateTime(updated)}</time>
          </p>
        )}
        {onDelete && (
          <div className="content-item__actions">
            <Link ref={link} to={contentEditPath(item.contentKey, language)} className="button button--small">
              {language === 'es' && !spanish ? 'Translate' : 'Edit'}
              <span className="visually-hidden"> {item.contentKey}</span>
            </Link>
            <button type="button" className="button button--small button--danger" onClick={(e) => onDelete(e.currentTarget)}>
              Delete<span className="visually-hidden"> {item.contentKey}</span>
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
