import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type Control, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ConflictDialog, type ConflictRow } from '@/components/staff/ConflictDialog';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { Spinner } from '@/components/staff/Spinner';
import { useUnsavedChanges } from '@/components/staff/use-unsaved-changes';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverMessage, staleVersion, type StaleVersion } from '@/lib/api-errors';
import { focusFirstError, showServerFieldErrors } from '@/lib/form-errors';
import { useCreateEditableContent } from '../api/create-editable-content';
import { adminContentItemQueryOptions, useAdminContentItem } from '../api/get-admin-content';
import type { EditableContent } from '../api/list-editable-content';
import { useUpdateEditableContent } from '../api/update-editable-content';
import {
  CONTENT_CATEGORIES,
  CONTENT_TYPES,
  categoryLabel,
  plainText,
  textToHtml,
  type ContentCategory,
  type ContentType,
} from '../utils/content-items';
import { changedFields, contentDifferences, isNewer, readUntil, versionOf } from '../utils/content-conflict';
import { NEW_CONTENT_COPY_KEY, contentCopyKey, parseCreateCopy, parseEditCopy } from '../utils/content-copy';
import { ContentBodyField, ContentBodyLabel } from './ContentBodyField';
import type { SavedState } from './ContentList';
import { BrowserCopyOffer, useBrowserCopy } from './use-browser-copy';

// The server's own rules and words (proto content.v1), checked here first
// so most mistakes are shown before a round trip.
const KEY_MESSAGE =
  'Content key is required and may use letters, digits, dots, hyphens and underscores (up to 100 characters)';
const CONTENT_REQUIRED = 'Content is required';
const CONTENT_MAX = 20_000;

const contentRule = (type: ContentType, content: string, ctx: z.RefinementCtx) => {
  const words = type === 'html' ? plainText(content) : content.trim();
  if (words === '') ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['content'], message: CONTENT_REQUIRED });
  else if (content.length > CONTENT_MAX)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['content'], message: 'Content must be 20,000 characters or fewer' });
};

const categoryValues = CONTENT_CATEGORIES.map((c) => c.value) as [ContentCategory, ...ContentCategory[]];

const createSchema = z
  .object({
    contentKey: z
      .string()
      .trim()
      .max(100, KEY_MESSAGE)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, KEY_MESSAGE),
    category: z.enum(categoryValues),
    contentType: z.enum(['html', 'text']),
    description: z.string().max(500, 'Description must be 500 characters or fewer'),
    content: z.string(),
  })
  .superRefine((v, ctx) => contentRule(v.contentType, v.content, ctx));

type CreateValues = z.infer<typeof createSchema>;

/** Page order, for focusing the first problem and placing the server's. */
const CREATE_FIELDS: FieldPath<CreateValues>[] = ['contentKey', 'category', 'contentType', 'description', 'content'];

const CREATE_DEFAULTS: CreateValues = { contentKey: '', category: 'general', contentType: 'html', description: '', content: '' };

/** The item-creation form: key, category, type (HTML preselected, SPEC §3), description and the content. */
export function ContentCreatePage() {
  const navigate = useNavigate();
  const create = useCreateEditableContent();
  const ids = useFieldIds();
  const form = useForm<CreateValues>({
    resolver: zodResolver(createSchema),
    defaultValues: CREATE_DEFAULTS,
  });
  const { register, control, handleSubmit, setError, setFocus, setValue, getValues, watch, formState } = form;
  const { errors, isDirty } = formState;
  const guard = useUnsavedChanges(isDirty && !create.isSuccess);
  // Issue 28: what is typed is kept in this browser (as "new") until the item is created.
  const copy = useBrowserCopy({
    form,
    storageKey: NEW_CONTENT_COPY_KEY,
    parse: parseCreateCopy,
    fields: CREATE_FIELDS,
    shown: CREATE_DEFAULTS,
    baseVersion: null,
  });
  const contentKey = watch('contentKey');
  const contentType = watch('contentType');
  const keyMissing = contentKey.trim() === '';

  const onSubmit = handleSubmit(
    (values) =>
      create.mutate(values, {
        onSuccess: (item) => {
          guard.release();
          copy.finish();
          toast({ title: 'Success', description: 'Content created successfully' });
          navigate('/admin/content', { state: { saved: item.contentKey } satisfies SavedState });
        },
        onError: (err) => {
          const shown = showServerFieldErrors(err, CREATE_FIELDS, setError, setFocus);
          // A key in use (409) is the key field's problem, though the answer has no per-field details.
          if (shown === 0 && err instanceof ApiError && err.status === 409) {
            setError('contentKey', { type: 'server', message: serverMessage(err) ?? errorMessage(err) });
            setFocus('contentKey');
          }
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'Failed to create content' });
        },
      }),
    (errs) => focusFirstError(errs, CREATE_FIELDS, setFocus),
  );

  return (
    <FormFrame title="New content item" prompt={guard.prompt}>
      <form className="staff-form content-form" onSubmit={onSubmit} noValidate aria-labelledby="content-form-title">
        <BrowserCopyOffer copy={copy} />
        <div className="staff-field">
          <label htmlFor={ids.key}>Content key</label>
          <input
            id={ids.key}
            type="text"
            autoComplete="off"
            spellCheck={false}
            className="content-form__key"
            aria-invalid={errors.contentKey ? true : undefined}
            aria-describedby={describedBy(ids.keyHint, errors.contentKey && ids.keyError)}
            {...register('contentKey')}
          />
          <p id={ids.keyHint} className="staff-field__hint">
            Letters, digits, dots, hyphens and underscores, for example <code>hero.title</code>. It cannot be changed
            later.
          </p>
          <FieldError id={ids.keyError} message={errors.contentKey?.message} />
        </div>

        <div className="content-form__row">
          <div className="staff-field">
            <label htmlFor={ids.category}>Category</label>
            <select
              id={ids.category}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={describedBy(errors.category && ids.categoryError)}
              {...register('category')}
            >
              {CONTENT_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <FieldError id={ids.categoryError} message={errors.category?.message} />
          </div>

          <fieldset className="staff-field content-form__types" aria-describedby={describedBy(errors.contentType && ids.typeError)}>
            <legend>Content type</legend>
            {CONTENT_TYPES.map((t) => (
              <label key={t.value} className="staff-field--inline">
                <input
                  type="radio"
                  value={t.value}
                  {...register('contentType', {
                    // Switching keeps what was written: HTML becomes its words, text becomes paragraphs.
                    onChange: (e: { target: { value: string } }) => {
                      const content = getValues('content');
                      if (!content) return;
                      const next = e.target.value === 'text' ? plainText(content) : textToHtml(content);
                      setValue('content', next, { shouldDirty: true });
                    },
                  })}
                />
                {t.label}
              </label>
            ))}
            <FieldError id={ids.typeError} message={errors.contentType?.message} />
          </fieldset>
        </div>

        <DescriptionField ids={ids} input={register('description')} error={errors.description?.message} />

        <ContentInput control={control} type={contentType} ids={ids} error={errors.content?.message} remountOnType />

        <div className="content-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={keyMissing || create.isPending}
            aria-describedby={keyMissing ? ids.saveHint : undefined}
          >
            {create.isPending ? 'Creating…' : 'Create content item'}
          </button>
          <Link to="/admin/content" className="button">
            Cancel
          </Link>
          {keyMissing && (
            <p id={ids.saveHint} className="staff-field__hint">
              Enter a content key to save.
            </p>
          )}
        </div>
      </form>
    </FormFrame>
  );
}

/**
 * /admin/content/edit/{contentKey}: the item as stored now
 * (GET /api/admin/editable-content/{key}), read on every opening; a text the
 * list has loaded stands in while it comes. An unknown key says so, with a
 * way back; an item deleted by someone else while the form is open keeps
 * the form (and the typing) on screen, saying so.
 */
export function ContentEditPage() {
  const { contentKey = '' } = useParams();
  const query = useAdminContentItem(contentKey);
  const gone = query.error instanceof ApiError && query.error.status === 404;
  const [seen, setSeen] = useState<EditableContent | null>(null);
  if (query.data && query.data !== seen) setSeen(query.data);
  const item = query.data ?? (seen?.contentKey === contentKey ? seen : undefined);
  if (query.isPending && !item) return <Spinner label="Loading the content item…" />;
  if (!item && gone) {
    return (
      <FormFrame title="This text no longer exists">
        <p>
          There is no text with the key <code>{contentKey}</code>. It may have been deleted, renamed in the code or
          never created.
        </p>
        <Link to="/admin/content" className="button">
          Back to Site Content
        </Link>
      </FormFrame>
    );
  }
  if (!item) {
    return (
      <FormFrame title="Edit content">
        <div className="staff-alert staff-alert--error" role="alert">
          The content item could not be loaded: {errorMessage(query.error)}{' '}
          <button type="button" className="staff-linkbutton" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </FormFrame>
    );
  }
  return <ContentEditForm key={item.contentKey} item={item} deleted={gone} />;
}

const editSchema = (type: ContentType) =>
  z
    .object({
      content: z.string(),
      category: z.string(),
      description: z.string().max(500, 'Description must be 500 characters or fewer'),
    })
    .superRefine((v, ctx) => contentRule(type, v.content, ctx));

type EditValues = z.infer<ReturnType<typeof editSchema>>;

const EDIT_FIELDS: FieldPath<EditValues>[] = ['category', 'description', 'content'];

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
 */
function ContentEditForm({ item, deleted }: { item: EditableContent; deleted: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateEditableContent();
  const ids = useFieldIds();
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
    storageKey: contentCopyKey(item.contentKey),
    parse: parseEditCopy,
    fields: EDIT_FIELDS,
    shown: opened,
    baseVersion: base.version,
    onRestore: (version) => {
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
        (current) => versionOf(current.version) >= versionOf(stale.version),
      );
    } catch {
      // Gone (the form says so) or unreadable: the dialog compares with the newest version known.
    }
    setConflict((c) => c && { ...c, loading: false });
  };

  const save = (values: EditValues, from: EditableContent) =>
    update.mutate(
      { contentKey: item.contentKey, content: values.content, baseVersion: from.version, ...changedFields(fieldsOf(from), values) },
      {
        onSuccess: (saved) => {
          guard.release();
          copy.finish();
          setConflict(null);
          setBase(saved);
          toast({ title: 'Success', description: 'Content updated successfully' });
          navigate('/admin/content', { state: { saved: saved.contentKey } satisfies SavedState });
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

  return (
    <FormFrame title="Edit content" prompt={guard.prompt}>
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
          <div className="staff-field">
            <label htmlFor={ids.category}>Category</label>
            <select
              id={ids.category}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={describedBy(errors.category && ids.categoryError)}
              {...register('category')}
            >
              {categoryOptions(base.category).map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <FieldError id={ids.categoryError} message={errors.category?.message} />
          </div>

          <dl className="content-form__facts">
            <div>
              <dt>Content type</dt>
              <dd>{CONTENT_TYPES.find((t) => t.value === type)?.label}</dd>
            </div>
            {updated && (
              <div>
                <dt>Last updated</dt>
                <dd>
                  <time dateTime={base.updatedAt}>{formatDateTime(updated)}</time>
                </dd>
              </div>
            )}
          </dl>
        </div>

        <DescriptionField ids={ids} input={register('description')} error={errors.description?.message} />

        <ContentInput control={control} type={type} ids={ids} error={errors.content?.message} />

        <div className="content-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!isDirty || deleted || update.isPending}
            aria-describedby={!isDirty ? ids.saveHint : undefined}
          >
            {update.isPending ? 'Saving…' : 'Save changes'}
          </button>
          <Link to="/admin/content" className="button">
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

function FormFrame({ title, prompt, children }: { title: string; prompt?: ReactNode; children: ReactNode }) {
  return (
    <div className="content-tab">
      <nav aria-label="Breadcrumb" className="content-breadcrumb">
        <Link to="/admin/content">Site Content</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{title}</span>
      </nav>
      <div className="admin-card content-form-card">
        <h1 id="content-form-title" className="content-form__title">
          {title}
        </h1>
        {children}
      </div>
      {prompt}
    </div>
  );
}

/**
 * The content field of both forms: the rich-text editor for html items, a
 * textarea for text, labelled, with its error. `remountOnType` starts the
 * field afresh when the create form's type changes.
 */
function ContentInput<T extends { content: string }>({
  control,
  type,
  ids,
  error,
  remountOnType = false,
}: {
  control: Control<T>;
  type: ContentType;
  ids: ReturnType<typeof useFieldIds>;
  error: string | undefined;
  remountOnType?: boolean;
}) {
  return (
    <div className="staff-field">
      <ContentBodyLabel id={ids.contentLabel} htmlFor={ids.content} type={type} />
      <Controller
        control={control}
        name={'content' as FieldPath<T>}
        render={({ field, fieldState }) => (
          <ContentBodyField
            key={remountOnType ? type : undefined}
            id={ids.content}
            labelId={ids.contentLabel}
            type={type}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            focusRef={field.ref}
            invalid={fieldState.invalid}
            describedBy={describedBy(fieldState.error && ids.contentError)}
          />
        )}
      />
      <FieldError id={ids.contentError} message={error} />
    </div>
  );
}

/** The item's note for staff: where the text appears (creating and editing alike). */
function DescriptionField({
  ids,
  input,
  error,
}: {
  ids: Record<'description' | 'descriptionHint' | 'descriptionError', string>;
  input: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <div className="staff-field">
      <label htmlFor={ids.description}>
        Description <span className="content-form__optional">(optional)</span>
      </label>
      <input
        id={ids.description}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids.descriptionHint, error && ids.descriptionError)}
        {...input}
      />
      <p id={ids.descriptionHint} className="staff-field__hint">
        Where the text appears, so others can find it, for example “Headline at the top of the home page”.
      </p>
      <FieldError id={ids.descriptionError} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="staff-field__error" role="alert">
      {message}
    </p>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

function useFieldIds() {
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  return {
    key: id('key'),
    keyHint: id('key-hint'),
    keyError: id('key-error'),
    category: id('category'),
    categoryError: id('category-error'),
    typeError: id('type-error'),
    description: id('description'),
    descriptionHint: id('description-hint'),
    descriptionError: id('description-error'),
    content: id('content'),
    contentLabel: id('content-label'),
    contentError: id('content-error'),
    saveHint: id('save-hint'),
  };
}
