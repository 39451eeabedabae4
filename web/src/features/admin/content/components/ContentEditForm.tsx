import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { EditableLocale } from '@/features/editable-content';
import { ConflictDialog, type ConflictRow } from '@/components/staff/ConflictDialog';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { BrowserCopyOffer, useBrowserCopy } from '@/components/staff/use-browser-copy';
import { useUnsavedChanges } from '@/components/staff/use-unsaved-changes';
import { toast } from '@/components/ui/use-toast';
import { serverMessage, staleVersion, type StaleVersion } from '@/lib/api-errors';
import { focusFirstError, showServerFieldErrors } from '@/lib/form-errors';
import { adminContentItemQueryOptions } from '../api/get-admin-content';
import type { EditableContent } from '../api/list-editable-content';
import { useUpdateEditableContent } from '../api/update-editable-content';
import { changedFields, contentDifferences, isNewer, readUntil, versionOf } from '../utils/content-conflict';
import { contentCopyKey, parseEditCopy } from '../utils/content-copy';
import { CONTENT_CATEGORIES, CONTENT_TYPES, categoryLabel, type ContentType } from '../utils/content-items';
import { contentEditPath, contentIn, hasSpanish } from '../utils/content-language';
import { EDIT_FIELDS, editSchema, type EditValues } from '../utils/content-schema';
import { CategoryField, ContentInput, DescriptionField, FormFrame, useContentFieldIds } from './ContentFormParts';
import type { SavedState } from './ContentList';

/** What the form holds of an item (an item without a category is general). */
function fieldsOf(item: EditableContent): EditValues {
  return { content: item.content, category: item.category || 'general', description: item.description };
}

/** The newer version an item stands for, as a conflict names it. */
function staleOf(item: EditableContent): StaleVersion {
  return { version: item.version, updatedBy: item.updatedBy, updatedAt: item.updatedAt };
}

/**
 * SPEC §4 and issue 28: the content, category and description of an item;
 * the key and type are shown, read-only. A save sends the version the form
 * was loaded from: when someone else saved since, nothing is written and
 * the two versions are compared (ConflictDialog). A newer version that
 * arrives while the form is open replaces a clean form and never typing.
 *
 * Issue 40: in Spanish (`locale` 'es') the form edits the item's Spanish
 * text alone, with the Spanish text's own version, beside its English for
 * reference; an item without one says the Spanish site falls back to the
 * English and can start from it. Category and description are the
 * English form's.
 */
export function ContentEditForm({ item: stored, locale = 'en', deleted }: { item: EditableContent; locale?: EditableLocale; deleted: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateEditableContent();
  const ids = useContentFieldIds();
  const spanish = locale === 'es';
  // The newest read, in the language the form edits (its text, version and last change).
  const item = useMemo(() => contentIn(stored, locale), [stored, locale]);
  const type: ContentType = item.contentType === 'text' ? 'text' : 'html';
  // The version the form's fields came from (`item` is the newest read).
  const [base, setBase] = useState(item);
  const [conflict, setConflict] = useState<{ stale: StaleVersion; loading: boolean } | null>(null);
  const form = useForm<EditValues>({
    resolver: zodResolver(editSchema(type)),
    defaultValues: fieldsOf(item),
  });
  const { control, register, handleSubmit, setError, setFocus, reset, getValues, formState } = form;
  const { errors, isDirty } = formState;
  const guard = useUnsavedChanges(isDirty && !update.isSuccess);
  // Issue 28: what is typed is kept in this browser, per item, with the
  // version it was typed on. A restored copy is based on that version, so
  // saving it over a newer one is refused and compared like any other.
  const [opened] = useState(() => fieldsOf(item));
  const copy = useBrowserCopy({
    form,
    storageKey: contentCopyKey(item.contentKey, locale),
    parse: parseEditCopy,
    fields: EDIT_FIELDS,
    shown: opened,
    baseVersion: base.version,
    onRestore: ({ baseVersion: version }) => {
      if (version && version !== base.version) setBase({ ...base, version });
    },
  });
  const newer = isNewer(item.version, base.version);
  const updated = parseTimestamp(base.updatedAt);

  // A clean form simply shows the newer version; a dirty one keeps what
  // was typed and says a newer version exists (below).
  useEffect(() => {
    if (!newer || isDirty || conflict) return;
    reset(fieldsOf(item));
    setBase(item);
  }, [newer, isDirty, conflict, item, reset]);

  // After "Discard mine, load theirs" the Save button the dialog came from
  // is disabled (nothing to save): the focus goes to the text instead, once
  // the closing dialog has handed it back.
  const [focusContent, setFocusContent] = useState(0);
  useEffect(() => {
    if (focusContent === 0) return;
    const timer = setTimeout(() => setFocus('content'), 0);
    return () => clearTimeout(timer);
  }, [focusContent, setFocus]);

  /** Reads the item until it is the version the refusal named, then shows both versions. */
  const compare = async (stale: StaleVersion) => {
    setConflict({ stale, loading: true });
    try {
      await readUntil(
        () => queryClient.fetchQuery({ ...adminContentItemQueryOptions(queryClient, item.contentKey), staleTime: 0 }),
        (current) => versionOf(contentIn(current, locale).version) >= versionOf(stale.version),
      );
    } catch {
      // Gone (the form says so) or unreadable: the dialog compares with the newest version known.
    }
    setConflict((c) => c && { ...c, loading: false });
  };

  const listPath = spanish ? '/admin/content?lang=es' : '/admin/content';
  const save = (values: EditValues, from: EditableContent) =>
    update.mutate(
      spanish
        ? { contentKey: item.contentKey, content: values.content, baseVersion: from.version, locale: 'es' }
        : { contentKey: item.contentKey, content: values.content, baseVersion: from.version, ...changedFields(fieldsOf(from), values) },
      {
        onSuccess: (saved) => {
          guard.release();
          copy.finish();
          setConflict(null);
          setBase(contentIn(saved, locale));
          toast({ title: 'Success', description: spanish ? 'Spanish text updated successfully' : 'Content updated successfully' });
          navigate(listPath, { state: { saved: saved.contentKey } satisfies SavedState });
        },
        onError: (err) => {
          const stale = staleVersion(err);
          if (stale) {
            void compare(stale);
            return;
          }
          setConflict(null);
          showServerFieldErrors(err, EDIT_FIELDS, setError, setFocus);
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'Failed to update content' });
        },
      },
    );

  const onSubmit = handleSubmit(
    (values) => save(values, base),
    (errs) => focusFirstError(errs, EDIT_FIELDS, setFocus),
  );

  const loadTheirs = () => {
    reset(fieldsOf(item));
    setBase(item);
    setConflict(null);
    setFocusContent((n) => n + 1);
    toast({ title: 'Their version is loaded', description: 'The form now shows the text as it is saved. Your changes were discarded.' });
  };

  const theirs = fieldsOf(item);
  const rows: ConflictRow[] = conflict
    ? contentDifferences(type, theirs, getValues()).map((d) => ({ label: d.label, theirs: d.theirs, yours: d.yours }))
    : [];
  // The refusal names who saved; a version newer still (a third save) is named by the item read since.
  const stale = conflict && !isNewer(item.version, conflict.stale.version) ? conflict.stale : staleOf(item);

  const english = stored.content;
  const fallsBack = spanish && !hasSpanish(stored);
  const startFromEnglish = () => {
    form.setValue('content', english, { shouldDirty: true, shouldValidate: false });
    setFocusContent((n) => n + 1);
  };

  return (
    <FormFrame title={spanish ? 'Edit Spanish text' : 'Edit content'} prompt={guard.prompt}>
      {deleted && (
        <div className="staff-alert staff-alert--error" role="alert">
          Someone deleted this text while you were editing it, so it cannot be saved here. Copy anything you want to
          keep, then create it again with <Link to="/admin/content/new">New content item</Link>.
        </div>
      )}
      <div className="content-form__notice" role="status">
        {newer && isDirty && !deleted && (
          <p className="staff-alert staff-alert--warning">
            {newerVersionNote(item)} Your changes are still here and not saved yet.{' '}
            <button type="button" className="staff-linkbutton" onClick={() => setConflict({ stale: staleOf(item), loading: false })}>
              Compare the two versions
            </button>
          </p>
        )}
      </div>

      <form className="staff-form content-form" onSubmit={onSubmit} noValidate aria-labelledby="content-form-title">
        <BrowserCopyOffer copy={copy} />
        <div className="staff-field">
          <label htmlFor={ids.key}>Content key</label>
          <input
            id={ids.key}
            type="text"
            className="content-form__key"
            value={item.contentKey}
            readOnly
            aria-describedby={ids.keyHint}
          />
          <p id={ids.keyHint} className="staff-field__hint">
            The key cannot be changed: the site’s pages look the text up by it.
          </p>
        </div>

        <div className="content-form__row">
          {!spanish && (
            <CategoryField ids={ids} input={register('category')} options={categoryOptions(base.category)} error={errors.category?.message} />
          )}

          <dl className="content-form__facts">
            {spanish && (
              <div>
                <dt>Category</dt>
                <dd>{categoryLabel(stored.category)}</dd>
              </div>
            )}
            <div>
              <dt>Content type</dt>
              <dd>{CONTENT_TYPES.find((t) => t.value === type)?.label}</dd>
            </div>
            {updated && (
              <div>
                <dt>{spanish ? 'Spanish last updated' : 'Last updated'}</dt>
                <dd>
                  <time dateTime={base.updatedAt}>{formatDateTime(updated)}</time>
                </dd>
              </div>
            )}
            <div className="content-form__facts-wide">
              <dt>Other language</dt>
              <dd>
                <Link to={contentEditPath(item.contentKey, spanish ? 'en' : 'es')}>
                  {spanish ? 'Edit the English text' : hasSpanish(stored) ? 'Edit the Spanish text' : 'Add the Spanish text'}
                </Link>
                {!spanish && !hasSpanish(stored) && <span className="content-badge content-badge--missing"> No Spanish</span>}
              </dd>
            </div>
          </dl>
        </div>

        {spanish ? (
          <>
            {stored.description && <p className="staff-field__hint">{stored.description}</p>}
            <section className="content-form__reference" aria-labelledby={`${ids.content}-english`}>
              <h2 id={`${ids.content}-english`}>English text, for reference</h2>
              {type === 'html' ? (
                // Sanitised by the content service when it was saved, as the site shows it.
                <div className="content-form__reference-text" lang="en" dangerouslySetInnerHTML={{ __html: english }} />
              ) : (
                <p className="content-form__reference-text" lang="en">
                  {english}
                </p>
              )}
            </section>
            {fallsBack && (
              <div className="staff-alert staff-alert--warning content-form__fallback" role="note">
                <p>
                  <strong>Falls back to English.</strong> This text has no Spanish yet, so the Spanish site shows the English
                  above. What you save here becomes its Spanish text.
                </p>
                <button type="button" className="button button--small" onClick={startFromEnglish} disabled={deleted}>
                  Start from the English text
                </button>
              </div>
            )}
          </>
        ) : (
          <DescriptionField ids={ids} input={register('description')} error={errors.description?.message} />
        )}

        <ContentInput control={control} type={type} ids={ids} error={errors.content?.message} label={spanish ? 'Spanish text' : undefined} />

        <div className="content-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!isDirty || deleted || update.isPending}
            aria-describedby={!isDirty ? ids.saveHint : undefined}
          >
            {update.isPending ? 'Saving…' : 'Save changes'}
          </button>
          <Link to={listPath} className="button">
            Cancel
          </Link>
          {!isDirty && (
            <p id={ids.saveHint} className="staff-field__hint">
              No changes to save yet.
            </p>
          )}
        </div>
      </form>
      {conflict && !deleted && (
        <ConflictDialog
          open
          onOpenChange={(open) => {
            if (!open) setConflict(null);
          }}
          what="text"
          stale={stale}
          rows={rows}
          loading={conflict.loading}
          pending={update.isPending}
          onOverwrite={() => save(getValues(), item)}
          onLoadTheirs={loadTheirs}
        />
      )}
    </FormFrame>
  );
}

/** "A newer version of this text was saved by ben@… at Nov 26, 2026, 12:04 PM." */
function newerVersionNote(item: EditableContent): string {
  const at = parseTimestamp(item.updatedAt);
  const by = item.updatedBy ? ` by ${item.updatedBy}` : '';
  return `A newer version of this text was saved${by}${at ? ` at ${formatDateTime(at)}` : ''}.`;
}

/** The five categories, and the item's own when it is none of them (so showing it does not change it). */
function categoryOptions(current: string): readonly { value: string; label: string }[] {
  if (!current || CONTENT_CATEGORIES.some((c) => c.value === current)) return CONTENT_CATEGORIES;
  return [...CONTENT_CATEGORIES, { value: current, label: categoryLabel(current) }];
}
