import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { ConflictDialog, type ConflictRow } from '@/components/staff/ConflictDialog';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { EDITOR_HEIGHT, RichTextEditor } from '@/components/staff/rich-text-editor';
import { useUnsavedChanges } from '@/components/staff/use-unsaved-changes';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldViolations, serverMessage, staleVersion, type StaleVersion } from '@/lib/api-errors';
import { focusFirstError, showServerFieldErrors } from '@/lib/form-errors';
import { useCreatePost } from '../api/create-post';
import { useDeletePost } from '../api/delete-post';
import { getAdminPostQueryOptions } from '../api/get-admin-post';
import type { AdminPost } from '../api/get-admin-posts';
import type { PostSlug } from '../api/get-post-slugs';
import { useUpdatePost } from '../api/update-post';
import { AUTOSAVE_DELAY_MS, autosaves, autosaveStatusText, createAutosaver, type AutosaveState } from '../utils/autosave';
import { deriveCategory, POST_CATEGORIES } from '../utils/category';
import { copyToOffer, readLocalCopy, removeLocalCopy, writeLocalCopy, type LocalCopy } from '../utils/local-copy';
import {
  draftTimeUnset,
  EMPTY_POST_FORM,
  formValuesToPayload,
  formValuesToPreviewPost,
  postToFormValues,
  publishesDraftNow,
  toDateTimeLocal,
  type PostFormValues,
} from '../utils/post-form';
import { mergePostValues, postConflictRows, versionNumber } from '../utils/post-conflict';
import { POST_FIELDS, postFormSchema } from '../utils/post-schema';
import { publishNote } from '../utils/publish-note';
import { suggestSlug } from '../utils/slug';
import { PostImageField } from './PostImageField';
import { PostSeoFields } from './PostSeoFields';
import { PostSummary } from './PostSummary';
import { PreviewDialog } from './PreviewDialog';
import { RevisionsPanel } from './RevisionsPanel';
import type { PreviewPost } from '../api/render-post';

export type PostFormProps = {
  /** The post being edited; none when creating. */
  post?: AdminPost;
  /** The slugs posts use (usePostSlugs), for the slug check; the post's own is left out. */
  slugsInUse: readonly PostSlug[];
  /** The public article component, for the preview. */
  renderPreview: (post: PreviewPost) => ReactNode;
  /**
   * A new post's first autosave stored it as a draft: the page moves to its
   * address (replacing /new) and keeps this same form, so typing goes on.
   */
  onCreated?: (post: AdminPost) => void;
};

const EXCERPT_MAX = 500;

/** A save refused because someone saved a newer version (issue 28). */
type Conflict = {
  /** Who saved the version the dialog compares with, and when. */
  stale: StaleVersion;
  /** Their version; null while it loads. */
  theirs: AdminPost | null;
  /** The form's values when the conflict was found. */
  yours: PostFormValues;
};

/** What the notice next to the actions says after a conflict was settled. */
type Settled = { how: 'merged' | 'loaded'; who: string };

/**
 * SPEC §4 "Admin post editor": creating (/admin/posts/new) or editing
 * (/admin/posts/:id) a post. Cancel goes back to the list (none); a
 * successful create or update goes back to the list too. Rules are checked
 * as staff type, the server's per-field answers land on their fields, and
 * leaving with unsaved changes asks first.
 */
export function PostForm({ post, slugsInUse, renderPreview, onCreated }: PostFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = post !== undefined;
  // Opened at /new: still "Create post" after an autosave stored it as a
  // draft (nobody has saved it by hand yet), and its autosaves keep it a draft.
  const [startedNew] = useState(post === undefined);
  const ids = useFieldIds();

  // The stored version the form is based on (issue 28): sent as baseVersion
  // with every update, so a save over someone else's newer version is refused
  // rather than silently undoing it; and the "before" of a merge. It is the
  // post as loaded, then whatever version the form was last set to show
  // (a newer one while nothing was typed, theirs after a conflict, a restored
  // revision). The query's post (`post`) can be newer: someone else saved.
  const [base, setBaseState] = useState(post);
  // The same, for code that runs after an await (a save waiting for an
  // autosave must be based on the version that autosave made, not on the
  // one its render saw).
  const baseRef = useRef(post);
  const setBase = useCallback((next: AdminPost) => {
    baseRef.current = next;
    setBaseState(next);
  }, []);
  const create = useCreatePost();
  // Told before the cache, so our own save never looks like someone else's.
  const update = useUpdatePost({ onSaved: setBase });
  const remove = useDeletePost();

  const taken = useMemo(() => new Set(slugsInUse.filter((p) => p.id !== post?.id).map((p) => p.slug)), [slugsInUse, post?.id]);
  const schema = useMemo(() => postFormSchema(taken), [taken]);
  const initial = useMemo(() => (post ? postToFormValues(post) : EMPTY_POST_FORM), [post]);
  const form = useForm<PostFormValues>({ resolver: zodResolver(schema), defaultValues: initial, mode: 'onTouched' });
  const { register, control, handleSubmit, setError, setFocus, setValue, getValues, reset, trigger, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  // A new post's draft moving to its own address is no leaving: the guard
  // stands aside for that one navigation (see onCreated below).
  const [moving, setMoving] = useState<AdminPost | null>(null);
  const guard = useUnsavedChanges(isDirty && moving === null);
  useEffect(() => {
    if (!moving) return;
    onCreated?.(moving);
    setMoving(null);
  }, [moving, onCreated]);

  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [settled, setSettled] = useState<Settled | null>(null);

  /** The form shows this stored version, and is based on it (nothing unsaved). */
  const showVersion = (shown: AdminPost) => {
    setBase(shown);
    reset(postToFormValues(shown));
    resumeAutosave();
  };

  // A newer version than the form's base reached the query (the tab came
  // back into view, a refused save fetched it). With nothing typed the form
  // simply shows it; with changes typed (or a conflict being settled) it
  // never replaces them: a notice says so, and Compare opens the dialog.
  // A restored revision is shown explicitly instead (onRestored below),
  // as the restore's confirmation promised.
  const newer = post && base && versionNumber(post.version) > versionNumber(base.version) ? post : null;
  const keepTyping = isDirty || conflict !== null;
  useEffect(() => {
    if (newer && !keepTyping) {
      setBase(newer);
      setSettled(null);
      reset(postToFormValues(newer));
    }
  }, [newer, keepTyping, reset]);

  // The slug follows the title until staff type their own (a new post only:
  // an existing post's address stays put unless someone changes it).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(!editing);
  const titleField = register('title', {
    onChange: (e: { target: { value: string } }) => {
      if (slugFollowsTitle) {
        const next = suggestSlug(e.target.value);
        // Checked at once, so a title whose slug another post has says so while typing.
        setValue('slug', next, { shouldDirty: true, shouldValidate: next !== '' });
      }
    },
  });
  const slugField = register('slug', {
    onChange: () => {
      setSlugFollowsTitle(false);
      void trigger('slug');
    },
  });
  // The list of posts may arrive after a slug was typed: check it again then.
  const slugTyped = formState.dirtyFields.slug === true;
  useEffect(() => {
    if (slugTyped) void trigger('slug');
  }, [taken, slugTyped, trigger]);

  const [title, slug, excerpt, category, isPublished, publishedAt, imageUrl, seoTitle, seoDescription, socialImageUrl] = useWatch({
    control,
    name: ['title', 'slug', 'excerpt', 'category', 'isPublished', 'publishedAt', 'imageUrl', 'seoTitle', 'seoDescription', 'socialImageUrl'],
  });
  const suggestion = suggestSlug(title);
  const derivedCategory = deriveCategory(title);
  // Every value: the autosave and the browser's copy follow each change.
  const allValues = useWatch({ control });

  // Issue 28 "nothing typed is lost", part 1: a draft saves itself once
  // typing pauses (utils/autosave says which posts and what the status says).
  const [autosave, setAutosave] = useState<AutosaveState>({ kind: 'idle' });
  // A newer version someone else saved stops it until that is settled (loaded or merged).
  const autosaveStopped = useRef(false);
  const resumeAutosave = () => {
    autosaveStopped.current = false;
    setAutosave({ kind: 'idle' });
  };
  const autosaving = autosaves({ stored: base, startedNew, isPublished });
  // Saved by hand (or deleted): the form is on its way out; nothing more is saved or copied.
  const done = useRef(false);
  // What the last render knew, for the autosave that runs after the pause.
  const latest = useRef({ schema, isDirty });
  useLayoutEffect(() => {
    latest.current = { schema, isDirty };
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const autosaveNow = async () => {
    const stored = baseRef.current;
    const values = structuredClone(getValues());
    const { schema: rules, isDirty: dirty } = latest.current;
    if (!mounted.current || done.current || autosaveStopped.current || !dirty) return;
    if (!autosaves({ stored, startedNew, isPublished: values.isPublished })) return;
    // What the server would refuse is not sent: the browser's copy keeps it meanwhile.
    if (!rules.safeParse(values).success) {
      setAutosave({ kind: 'incomplete' });
      return;
    }
    setAutosave({ kind: 'saving' });
    // Always a draft: the Published box takes effect on Create post / Save changes.
    const fields = { ...formValuesToPayload(values, stored), isPublished: false, autosave: true };
    try {
      const saved = stored
        ? await update.mutateAsync({ id: stored.id, fields: { ...fields, baseVersion: stored.version } })
        : await create.mutateAsync(fields);
      if (!mounted.current || done.current) return;
      setBase(saved);
      // What was sent is now what "unchanged" means; anything typed while it
      // was on its way stays unsaved (dirty), so the leave guard still asks.
      reset(values, { keepValues: true, keepErrors: true, keepTouched: true, keepIsSubmitted: true, keepSubmitCount: true });
      setAutosave({ kind: 'saved', at: new Date() });
      if (!stored) {
        removeLocalCopy(undefined);
        setMoving(saved);
      }
    } catch (err) {
      if (!mounted.current || done.current) return;
      const stale = staleVersion(err);
      if (stale && stored) {
        // No dialog mid-typing: their version goes into the query, and the
        // notice by the actions says so, with Compare.
        autosaveStopped.current = true;
        setAutosave({ kind: 'conflict' });
        void queryClient.fetchQuery({ ...getAdminPostQueryOptions(stored.id), staleTime: 0 }).catch(() => undefined);
        return;
      }
      setAutosave({ kind: 'failed', reason: autosaveFailure(err) });
    }
  };
  const autosaveLatest = useRef(autosaveNow);
  useLayoutEffect(() => {
    autosaveLatest.current = autosaveNow;
  });
  const [autosaver] = useState(() => createAutosaver(() => autosaveLatest.current(), AUTOSAVE_DELAY_MS));
  useEffect(() => () => autosaver.cancel(), [autosaver]);
  useEffect(() => {
    if (isDirty && autosaving) autosaver.changed();
  }, [allValues, isDirty, autosaving, autosaver]);

  // Part 2: a copy of every change in this browser (per post, or "new"),
  // offered back when the form opens again after a reload or a closed tab.
  const [offer, setOffer] = useState<LocalCopy | null>(() => copyToOffer(readLocalCopy(post?.id), initial));
  const copyId = base?.id;
  useEffect(() => {
    if (done.current) return;
    if (isDirty) {
      writeLocalCopy(copyId, { values: getValues(), savedAt: new Date().toISOString(), baseVersion: base?.version ?? null });
    } else if (!offer) {
      // Nothing unsaved (saved, or typed back): nothing to offer later. A copy
      // still being offered stays until the person answers.
      removeLocalCopy(copyId);
    }
  }, [allValues, isDirty, copyId, base?.version, offer, getValues]);
  const offeredAt = parseTimestamp(offer?.savedAt);
  /** The copy fills the form, unsaved, based on the version it was typed on (so a conflict is still caught). */
  const restoreCopy = () => {
    if (!offer) return;
    if (base && offer.baseVersion && offer.baseVersion !== base.version) setBase({ ...base, version: offer.baseVersion });
    reset(offer.values, { keepDefaultValues: true });
    if (offer.values.slug.trim() !== suggestSlug(offer.values.title)) setSlugFollowsTitle(false);
    setOffer(null);
    setFocus('title');
  };
  const discardCopy = () => {
    removeLocalCopy(post?.id);
    setOffer(null);
    setFocus('title');
  };

  const [previewAt, setPreviewAt] = useState<Date | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  /** Back to the list, without the unsaved-changes question (after a save or delete). */
  const leave = () => {
    guard.release();
    void navigate('/admin/posts');
  };

  /**
   * Someone saved a newer version: the dialog opens at once (their version
   * loading), and their version is read fresh. It goes into the query cache
   * too (the aside shows the post as stored); the form keeps what was typed,
   * as it does for any newer version while a conflict is open.
   */
  const openConflict = async (stale: StaleVersion, yours: PostFormValues) => {
    if (!post) return;
    setConflict({ stale, theirs: null, yours });
    try {
      const theirs = await queryClient.fetchQuery({ ...getAdminPostQueryOptions(post.id), staleTime: 0 });
      // (Closed meanwhile with Keep editing: stays closed.)
      setConflict((c) => c && { ...c, theirs, stale: storedVersion(theirs) });
    } catch (err) {
      setConflict(null);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: `The newer version could not be loaded (${serverMessage(err) ?? errorMessage(err)}). Your changes are still in the form; save again to retry.`,
      });
    }
  };

  const inFlight = useRef(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);

  // WCAG 2.2 SC 2.4.11 (focus not obscured): the sticky actions bar must not
  // hide the field that has the focus (Published, the publish time, as you
  // Tab down). The page keeps the bar's height clear when it scrolls a field
  // into view (scroll-padding-bottom in posts.css, sized here: the notice and
  // status lines make the bar taller); where a browser scrolls without it,
  // the field is moved clear of the bar here.
  useEffect(() => {
    const bar = actionsRef.current;
    const form = formRef.current;
    if (!bar || !form) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--post-form-actions-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    const onFocusIn = (e: FocusEvent) => {
      const field = e.target;
      if (!(field instanceof HTMLElement) || bar.contains(field)) return;
      // After the browser's own scrolling to it.
      requestAnimationFrame(() => {
        const barBox = bar.getBoundingClientRect();
        const box = field.getBoundingClientRect();
        if (box.bottom > barBox.top && box.top < barBox.bottom) window.scrollBy({ top: box.bottom - barBox.top + 8, behavior: 'instant' });
      });
    };
    form.addEventListener('focusin', onFocusIn);
    return () => {
      observer?.disconnect();
      form.removeEventListener('focusin', onFocusIn);
      root.style.removeProperty('--post-form-actions-height');
    };
  }, []);
  /**
   * Checks and saves the form. An update is based on the form's base
   * version, or on `over` (their version) when the person chose to save
   * theirs over.
   */
  const submit = (over?: string) =>
    handleSubmit(
      async (values) => {
        // Enter in a field (or Ctrl+S) while a save is on its way must not send it twice.
        if (inFlight.current) return;
        inFlight.current = true;
        try {
          // An autosave on its way finishes first: this save is based on the
          // version it makes (and updates the draft it may have created).
          autosaver.cancel();
          await autosaver.idle();
          const stored = baseRef.current;
          const fields = formValuesToPayload(values, stored);
          if (stored) {
            await update.mutateAsync({ id: stored.id, fields: { ...fields, baseVersion: over ?? stored.version } });
          } else {
            await create.mutateAsync(fields);
          }
          done.current = true;
          removeLocalCopy(stored?.id);
          removeLocalCopy(undefined);
          toast({ title: 'Success', description: startedNew ? 'Blog post created successfully' : 'Blog post updated successfully' });
          if (!stored) reset(EMPTY_POST_FORM);
          setConflict(null);
          leave();
        } catch (err) {
          const stale = staleVersion(err);
          if (stale) {
            // Nothing was written: both versions side by side (again, if a third person saved meanwhile).
            void openConflict(stale, values);
            return;
          }
          setConflict(null);
          const shown = showServerFieldErrors(err, POST_FIELDS, setError, setFocus);
          // A slug in use (409) is the slug field's problem, though the answer has no per-field details.
          if (shown === 0 && err instanceof ApiError && err.status === 409) {
            setError('slug', { type: 'server', message: serverMessage(err) ?? errorMessage(err) });
            setFocus('slug');
          }
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(err) ?? (startedNew ? 'Failed to create blog post' : 'Failed to update blog post'),
          });
        } finally {
          inFlight.current = false;
        }
      },
      (errs) => {
        // (Saving over theirs from the dialog: the field to fix is behind it.)
        setConflict(null);
        focusFirstError(errs, POST_FIELDS, setFocus);
      },
    );
  const onSubmit = submit();

  // Ctrl+S / Cmd+S saves, as in any editor, instead of the browser saving
  // the page. Not from inside a dialog (preview, a question): its own
  // buttons answer it.
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's' || e.isComposing) return;
      e.preventDefault();
      if (e.repeat || (e.target instanceof Element && e.target.closest('[role="dialog"], [role="alertdialog"]'))) return;
      formRef.current?.requestSubmit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  /** Where the focus goes when the conflict dialog closes after a choice (the notice's Compare may be gone). */
  const focusAfterConflict = useRef<HTMLElement | null>(null);
  const closeConflict = (then?: HTMLElement | null) => {
    focusAfterConflict.current = then ?? null;
    setConflict(null);
  };
  const loadTheirs = () => {
    if (!conflict?.theirs) return;
    showVersion(conflict.theirs);
    setSettled({ how: 'loaded', who: conflict.stale.updatedBy });
    closeConflict(saveButton.current);
  };
  const mergeOnTheirs = () => {
    if (!conflict?.theirs || !base) return;
    const theirs = postToFormValues(conflict.theirs);
    const merged = mergePostValues(postToFormValues(base), theirs, getValues());
    setBase(conflict.theirs);
    // Their version becomes what "unchanged" means; the merge is laid on top
    // of it, so the fields taken from yours stay unsaved (dirty) for review.
    reset(theirs);
    reset(merged, { keepDefaultValues: true });
    resumeAutosave();
    setSettled({ how: 'merged', who: conflict.stale.updatedBy });
    closeConflict(saveButton.current);
  };
  // Only a save from the dialog makes it wait: the refused save that opened
  // it is still finishing as it opens, and its safe button must take the focus.
  const [overwriting, setOverwriting] = useState(false);
  const overwrite = async (theirs: AdminPost) => {
    setOverwriting(true);
    try {
      await submit(theirs.version)();
    } finally {
      setOverwriting(false);
    }
  };
  const compare = () => {
    if (!newer) return;
    setConflict({ stale: storedVersion(newer), theirs: newer, yours: getValues() });
  };
  const conflictRows: ConflictRow[] =
    conflict?.theirs && base
      ? postConflictRows(postToFormValues(base), postToFormValues(conflict.theirs), conflict.yours).map((r) => ({
          label: r.label,
          theirs: r.theirs,
          yours: r.yoursUnchanged ? (
            <>
              {r.yours}
              <span className="post-conflict__unchanged"> You did not change this.</span>
            </>
          ) : (
            r.yours
          ),
        }))
      : [];

  // The publish time and the slug warning are about the version being edited (the base).
  // (A draft's unchosen time is shown empty: untouched is empty then.)
  const draftUnset = base !== undefined && draftTimeUnset(base);
  const untouchedAt = base === undefined ? '' : draftUnset ? '' : toDateTimeLocal(base.publishedAt);
  const goesLiveNow = base !== undefined && publishedAt === untouchedAt && publishesDraftNow({ ...initial, isPublished }, base, new Date());
  const scheduleNote = publishNote({ editing, isPublished, publishedAt, stored: base?.publishedAt, goesLiveNow, draft: draftUnset });
  const slugChanged = base !== undefined && base.isPublished && slug.trim() !== base.slug;
  const saving = isSubmitting;
  const newerAt = parseTimestamp(newer?.updatedAt);
  // A new post's autosaved draft has no history worth a column yet (and the form keeps its width while typing).
  const aside = post !== undefined && !startedNew ? post : undefined;
  const autosaveText = autosaveStatusText({ state: autosave, autosaving, dirty: isDirty, published: base?.isPublished ?? false });

  return (
    <div className={aside ? 'post-editor post-editor--aside' : 'post-editor'}>
      <form ref={formRef} className="admin-card staff-form post-form" onSubmit={onSubmit} noValidate aria-labelledby="post-form-heading">
        {offer && (
          <div className="staff-alert staff-alert--warning post-form__offer" role="alert">
            <p>
              You have unsaved changes
              {offeredAt && (
                <>
                  {' '}
                  from <time dateTime={offer.savedAt}>{formatDateTime(offeredAt)}</time>
                </>
              )}{' '}
              in this browser.
            </p>
            <div className="post-form__offer-actions">
              <button type="button" className="button button--small button--primary" onClick={restoreCopy}>
                Restore them
              </button>
              <button type="button" className="button button--small" onClick={discardCopy}>
                Discard
              </button>
            </div>
          </div>
        )}
        <div className="staff-field">
          <label htmlFor={ids.title}>Title</label>
          <input
            id={ids.title}
            type="text"
            className="post-form__title"
            autoComplete="off"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy(errors.title && ids.titleError)}
            {...titleField}
          />
          <FieldError id={ids.titleError} message={errors.title?.message} />
        </div>

        <div className="staff-field">
          <label htmlFor={ids.slug}>Slug</label>
          <div className="post-form__slug">
            <span aria-hidden="true">/blog/</span>
            <input
              id={ids.slug}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={describedBy(ids.slugHint, slugChanged && ids.slugWarning, errors.slug && ids.slugError)}
              {...slugField}
            />
          </div>
          <p id={ids.slugHint} className="staff-field__hint">
            The article’s address: /blog/{slug.trim() || '…'}. Lower-case letters, digits and hyphens.
            {slugFollowsTitle && ' Made from the title until you change it.'}
          </p>
          {startedNew && !slugFollowsTitle && suggestion !== '' && suggestion !== slug.trim() && (
            <p className="staff-field__hint">
              <button
                type="button"
                className="staff-linkbutton"
                onClick={() => {
                  setValue('slug', suggestion, { shouldDirty: true, shouldValidate: true });
                  setSlugFollowsTitle(true);
                }}
              >
                Use “{suggestion}” from the title
              </button>
            </p>
          )}
          {slugChanged && (
            <p id={ids.slugWarning} className="staff-alert staff-alert--warning post-form__warning">
              This post is published: changing its slug changes its address, and links to /blog/{base.slug} will stop
              working.
            </p>
          )}
          <FieldError id={ids.slugError} message={errors.slug?.message} />
        </div>

        <div className="staff-field">
          <label htmlFor={ids.excerpt}>Excerpt</label>
          <textarea
            id={ids.excerpt}
            rows={3}
            aria-invalid={errors.excerpt ? true : undefined}
            aria-describedby={describedBy(ids.excerptHint, errors.excerpt && ids.excerptError)}
            {...register('excerpt')}
          />
          <p id={ids.excerptHint} className="staff-field__hint post-form__counted">
            <span>Shown under the title and in article lists.</span>
            <span className={excerpt.trim().length > EXCERPT_MAX ? 'post-form__over' : undefined}>
              {excerpt.trim().length}/{EXCERPT_MAX}
            </span>
          </p>
          <FieldError id={ids.excerptError} message={errors.excerpt?.message} />
        </div>

        <div className="staff-field">
          <span id={ids.contentLabel} className="post-form__label" onClick={() => setFocus('content')}>
            Content
          </span>
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <RichTextEditor
                ref={field.ref}
                id={ids.content}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                height={EDITOR_HEIGHT.admin}
                aria-labelledby={ids.contentLabel}
                aria-describedby={describedBy(errors.content && ids.contentError)}
                invalid={errors.content !== undefined}
              />
            )}
          />
          <FieldError id={ids.contentError} message={errors.content?.message} />
        </div>

        <PostImageField
          input={register('imageUrl')}
          value={imageUrl}
          error={errors.imageUrl?.message}
          onUploaded={(url) => setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
          onUploadFailed={(message) => setError('imageUrl', { type: 'upload', message })}
          onRemove={() => setValue('imageUrl', '', { shouldDirty: true, shouldValidate: true })}
        />

        <div className="staff-field">
          <label htmlFor={ids.category}>Category</label>
          <select
            id={ids.category}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describedBy(ids.categoryHint, errors.category && ids.categoryError)}
            {...register('category')}
          >
            <option value="">Automatic from the title: {derivedCategory}</option>
            {POST_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <p id={ids.categoryHint} className="staff-field__hint">
            The badge on the article. Automatic follows the title: CIPP or trenchless → Technology, lifespan or warning
            signs → Maintenance, cost → Cost Guide, Orangeburg or clay → Pipe Types, otherwise Prevention.
            {category !== '' && category === derivedCategory && ' (The title gives this category anyway.)'}
          </p>
          <FieldError id={ids.categoryError} message={errors.category?.message} />
        </div>

        <PostSeoFields
          register={register}
          errors={errors}
          values={{ title, slug, excerpt, imageUrl, seoTitle, seoDescription, socialImageUrl }}
          onImageChosen={(url) => setValue('socialImageUrl', url, { shouldDirty: true, shouldValidate: true })}
          onImageRemoved={() => setValue('socialImageUrl', '', { shouldDirty: true, shouldValidate: true })}
        />

        <fieldset className="post-form__publishing">
          <legend>Publishing</legend>
          <div className="staff-field staff-field--inline">
            <input id={ids.published} type="checkbox" aria-describedby={ids.publishedHint} {...register('isPublished')} />
            <label htmlFor={ids.published}>Published</label>
          </div>
          <p id={ids.publishedHint} className="staff-field__hint">
            {isPublished
              ? 'Visitors can read it once its publish time has come.'
              : 'A draft: only staff can see it, here and in Preview.'}
          </p>
          <div className="staff-field">
            <label htmlFor={ids.publishedAt}>Publish date and time</label>
            <input
              id={ids.publishedAt}
              type="datetime-local"
              step={60}
              aria-invalid={errors.publishedAt ? true : undefined}
              aria-describedby={describedBy(ids.publishedAtHint, errors.publishedAt && ids.publishedAtError)}
              {...register('publishedAt')}
            />
            <p id={ids.publishedAtHint} className={scheduleNote.scheduled ? 'post-form__schedule' : 'staff-field__hint'} aria-live="polite">
              {scheduleNote.text} Times are in your time zone ({timeZoneName()}).
            </p>
            <FieldError id={ids.publishedAtError} message={errors.publishedAt?.message} />
          </div>
        </fieldset>

        <div ref={actionsRef} className="post-form__actions">
          {/* Always in the page, so what appears in it is announced (politely: typing goes on). */}
          <div className="post-form__notice" role="status">
            {newer ? (
              <p className="staff-alert staff-alert--warning">
                {newer.updatedBy || 'Someone else'} saved a newer version
                {newerAt && (
                  <>
                    {' '}
                    at <time dateTime={newer.updatedAt}>{formatDateTime(newerAt)}</time>
                  </>
                )}
                . Your changes are still here, not saved yet.{' '}
                <button type="button" className="button button--small" onClick={compare}>
                  Compare
                </button>
              </p>
            ) : settled ? (
              <p className="staff-alert staff-alert--success">
                {settled.how === 'merged'
                  ? `Your changes are now on the version ${settled.who || 'someone else'} saved. Check the form, then save.`
                  : `The form now shows the version ${settled.who || 'someone else'} saved. Your changes were discarded.`}
              </p>
            ) : null}
          </div>
          {/* The autosave's state (or that changes wait for Save): polite, and it never takes the focus. */}
          <p className="post-form__autosave" role="status">
            {autosaveText}
          </p>
          <button
            ref={saveButton}
            type="submit"
            className="button button--primary"
            aria-disabled={saving || undefined}
            aria-keyshortcuts="Control+S Meta+S"
            title="Save (Ctrl+S)"
          >
            {saving ? 'Saving…' : startedNew ? 'Create post' : 'Save changes'}
          </button>
          <button type="button" className="button" onClick={() => setPreviewAt(new Date())}>
            Preview
          </button>
          <button type="button" className="button" onClick={() => navigate('/admin/posts')}>
            Cancel
          </button>
          {editing && (
            <button type="button" className="button button--danger post-form__delete" onClick={() => setConfirmDelete(true)}>
              Delete post
            </button>
          )}
        </div>
      </form>

      {aside && (
        <aside className="post-editor__aside" aria-label="About this post">
          <PostSummary post={aside} />
          <RevisionsPanel
            post={aside}
            dirty={isDirty}
            onRestored={(restored) => {
              showVersion(restored);
              setSettled(null);
            }}
            renderPreview={renderPreview}
          />
        </aside>
      )}

      <PreviewDialog
        open={previewAt !== null}
        onOpenChange={(open) => !open && setPreviewAt(null)}
        title={isDirty || startedNew ? 'Preview of your unsaved changes' : 'Preview'}
        note="As the article page will show it. Nothing is saved until you save the form."
      >
        {previewAt && renderPreview(formValuesToPreviewPost(getValues(), base, previewAt))}
      </PreviewDialog>

      {conflict && (
        <ConflictDialog
          open
          onOpenChange={(open) => !open && closeConflict()}
          what="post"
          stale={conflict.stale}
          rows={conflictRows}
          loading={conflict.theirs === null}
          pending={overwriting}
          onOverwrite={() => conflict.theirs && void overwrite(conflict.theirs)}
          onLoadTheirs={loadTheirs}
          onMerge={mergeOnTheirs}
          onCloseAutoFocus={(e) => {
            const then = focusAfterConflict.current;
            focusAfterConflict.current = null;
            if (then?.isConnected) {
              e.preventDefault();
              then.focus();
            }
          }}
        />
      )}

      {post && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this post?"
          description={
            <p>
              “{post.title}” and all its revisions will be deleted. {post.isPublished ? 'It disappears from the site at once. ' : ''}
              This cannot be undone.
            </p>
          }
          confirmLabel="Delete post"
          pendingLabel="Deleting…"
          destructive
          pending={remove.isPending}
          onConfirm={() => {
            autosaver.cancel();
            remove.mutate(post.id, {
              onSuccess: () => {
                done.current = true;
                removeLocalCopy(post.id);
                leave();
              },
              onSettled: () => setConfirmDelete(false),
            });
          }}
        />
      )}

      {guard.prompt}
    </div>
  );
}

/** Why an autosave failed, in the server's words where it has some ("Not saved: …"). */
function autosaveFailure(err: unknown): string {
  const reason = fieldViolations(err)[0]?.message ?? serverMessage(err) ?? errorMessage(err);
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

/** Who saved a stored version and when, as a refused save's 409 says it. */
function storedVersion(post: AdminPost): StaleVersion {
  return { version: post.version, updatedBy: post.updatedBy, updatedAt: post.updatedAt };
}

function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="staff-field__error">
      {message}
    </p>
  );
}

function useFieldIds() {
  const base = useId();
  const names = [
    'title',
    'titleError',
    'slug',
    'slugHint',
    'slugWarning',
    'slugError',
    'excerpt',
    'excerptHint',
    'excerptError',
    'contentLabel',
    'content',
    'contentError',
    'category',
    'categoryHint',
    'categoryError',
    'published',
    'publishedHint',
    'publishedAt',
    'publishedAtHint',
    'publishedAtError',
  ] as const;
  return Object.fromEntries(names.map((n) => [n, `${base}-${n}`])) as Record<(typeof names)[number], string>;
}
