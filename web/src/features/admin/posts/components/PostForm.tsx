import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { ConflictDialog } from '@/components/staff/ConflictDialog';
import { dropCopy } from '@/components/staff/local-copy';
import { BrowserCopyOffer, useBrowserCopy } from '@/components/staff/use-browser-copy';
import { useUnsavedChanges } from '@/components/staff/use-unsaved-changes';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverMessage, staleVersion } from '@/lib/api-errors';
import { focusFirstError, showServerFieldErrors } from '@/lib/form-errors';
import { useCreatePost } from '../api/create-post';
import { useDeletePost } from '../api/delete-post';
import type { AdminPost } from '../api/get-admin-posts';
import type { PostSlug } from '../api/get-post-slugs';
import type { PreviewPost } from '../api/render-post';
import { useUpdatePost } from '../api/update-post';
import { autosaveStatusText } from '../utils/autosave';
import { parsePostCopy, POST_COPY_FIELDS, postCopyKey } from '../utils/local-copy';
import { EMPTY_POST_FORM, formValuesToPayload, formValuesToPreviewPost, postToFormValues, type PostFormValues } from '../utils/post-form';
import { POST_FIELDS, postFormSchema } from '../utils/post-schema';
import { suggestSlug } from '../utils/slug';
import { PostFormActions } from './PostFormActions';
import { PostFormFields } from './PostFormFields';
import { PostLanguageFields } from './PostLanguageFields';
import { PostPublishingFields } from './PostPublishingFields';
import { PostSummary } from './PostSummary';
import { PreviewDialog } from './PreviewDialog';
import { RevisionsPanel } from './RevisionsPanel';
import { useActionsBarClearance, useSaveShortcut } from './use-actions-bar';
import { usePostAutosave } from './use-post-autosave';
import { usePostBase } from './use-post-base';
import { usePostConflicts } from './use-post-conflict';
import { usePostSlug } from './use-post-slug';

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
  /** A new post's first values when it does not start empty (a Spanish translation: translationFormValues). */
  startFrom?: PostFormValues;
};

/**
 * SPEC §4 "Admin post editor": creating (/admin/posts/new) or editing
 * (/admin/posts/:id) a post. Cancel goes back to the list (none); a
 * successful create or update goes back to the list too. Rules are checked
 * as staff type, the server's per-field answers land on their fields, and
 * leaving with unsaved changes asks first. Issue 28: a draft saves itself
 * (use-post-autosave), every change is kept in this browser
 * (use-browser-copy), and someone else's newer version is never saved over
 * unseen (use-post-conflict).
 */
export function PostForm({ post, slugsInUse, renderPreview, onCreated, startFrom }: PostFormProps) {
  const navigate = useNavigate();
  const editing = post !== undefined;
  // Opened at /new: still "Create post" after an autosave stored it as a
  // draft (nobody has saved it by hand yet), and its autosaves keep it a draft.
  const [startedNew] = useState(post === undefined);
  const based = usePostBase(post);
  const { base, baseRef, setBase } = based;
  const create = useCreatePost();
  // Told before the cache, so our own save never looks like someone else's.
  const update = useUpdatePost({ onSaved: setBase });
  const remove = useDeletePost();

  const taken = useMemo(() => new Set(slugsInUse.filter((p) => p.id !== post?.id).map((p) => p.slug)), [slugsInUse, post?.id]);
  const schema = useMemo(() => postFormSchema(taken), [taken]);
  const initial = useMemo(() => (post ? postToFormValues(post) : (startFrom ?? EMPTY_POST_FORM)), [post, startFrom]);
  const form = useForm<PostFormValues>({ resolver: zodResolver(schema), defaultValues: initial, mode: 'onTouched' });
  const { handleSubmit, setError, setFocus, getValues, reset, formState } = form;
  const { isDirty, isSubmitting } = formState;
  // A new post's draft moving to its own address is no leaving: the guard
  // stands aside for that one navigation (see onCreated below).
  const [moving, setMoving] = useState<AdminPost | null>(null);
  const guard = useUnsavedChanges(isDirty && moving === null);
  useEffect(() => {
    if (!moving) return;
    onCreated?.(moving);
    setMoving(null);
  }, [moving, onCreated]);

  const slugging = usePostSlug(form, { editing, taken });
  const autosave = usePostAutosave({
    form,
    schema,
    based,
    startedNew,
    create,
    update,
    onCreated: (saved) => {
      dropCopy(postCopyKey(undefined));
      setMoving(saved);
    },
  });
  // Part 2: a copy of every change in this browser (per post, or "new"),
  // offered back when the form opens again after a reload or a closed tab.
  const copy = useBrowserCopy({
    form,
    storageKey: postCopyKey(base?.id),
    parse: parsePostCopy,
    fields: POST_COPY_FIELDS,
    shown: initial,
    baseVersion: base?.version ?? null,
    // The copy is based on the version it was typed on (so a conflict is still caught).
    onRestore: (offer) => {
      if (base && offer.baseVersion && offer.baseVersion !== base.version) setBase({ ...base, version: offer.baseVersion });
      if (offer.values.slug.trim() !== suggestSlug(offer.values.title)) slugging.setFollowsTitle(false);
    },
  });

  /** The form shows this stored version, and is based on it (nothing unsaved). */
  const showVersion = (shown: AdminPost) => {
    setBase(shown);
    reset(postToFormValues(shown));
    autosave.resume();
  };
  const saveButton = useRef<HTMLButtonElement>(null);
  const conflicts = usePostConflicts({
    post,
    form,
    based,
    showVersion,
    resumeAutosave: autosave.resume,
    saveOver: (version) => submit(version)(),
    saveButton,
  });

  const [previewAt, setPreviewAt] = useState<Date | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  /** Back to the list, without the unsaved-changes question (after a save or delete). */
  const leave = () => {
    guard.release();
    void navigate('/admin/posts');
  };
  /** Saved by hand or deleted: nothing more is saved or kept in this browser. */
  const finish = () => {
    autosave.finish();
    copy.finish();
  };

  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  useActionsBarClearance(formRef, actionsRef);
  useSaveShortcut(formRef);

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
          autosave.cancel();
          await autosave.idle();
          const stored = baseRef.current;
          const fields = formValuesToPayload(values, stored);
          if (stored) {
            await update.mutateAsync({ id: stored.id, fields: { ...fields, baseVersion: over ?? stored.version } });
          } else {
            await create.mutateAsync(fields);
          }
          finish();
          dropCopy(postCopyKey(stored?.id));
          dropCopy(postCopyKey(undefined));
          toast({ title: 'Success', description: startedNew ? 'Blog post created successfully' : 'Blog post updated successfully' });
          if (!stored) reset(EMPTY_POST_FORM);
          conflicts.close();
          leave();
        } catch (err) {
          const stale = staleVersion(err);
          if (stale) {
            // Nothing was written: both versions side by side (again, if a third person saved meanwhile).
            void conflicts.open(stale, values);
            return;
          }
          conflicts.close();
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
        conflicts.close();
        focusFirstError(errs, POST_FIELDS, setFocus);
      },
    );

  // A new post's autosaved draft has no history worth a column yet (and the form keeps its width while typing).
  const aside = post !== undefined && !startedNew ? post : undefined;
  const autosaveText = autosaveStatusText({ state: autosave.state, autosaving: autosave.autosaving, dirty: isDirty, published: base?.isPublished ?? false });

  return (
    <div className={aside ? 'post-editor post-editor--aside' : 'post-editor'}>
      <form ref={formRef} className="admin-card staff-form post-form" onSubmit={submit()} noValidate aria-labelledby="post-form-heading">
        <BrowserCopyOffer copy={copy} />
        <PostLanguageFields form={form} base={base} />
        <PostFormFields form={form} slugging={slugging} startedNew={startedNew} base={base} />
        <PostPublishingFields form={form} base={base} initial={initial} editing={editing} />
        <PostFormActions
          barRef={actionsRef}
          saveButton={saveButton}
          conflicts={conflicts}
          autosaveText={autosaveText}
          saving={isSubmitting}
          startedNew={startedNew}
          editing={editing}
          onPreview={() => setPreviewAt(new Date())}
          onCancel={() => navigate('/admin/posts')}
          onDelete={() => setConfirmDelete(true)}
        />
      </form>

      {aside && (
        <aside className="post-editor__aside" aria-label="About this post">
          <PostSummary post={aside} />
          <RevisionsPanel
            post={aside}
            dirty={isDirty}
            onRestored={(restored) => {
              showVersion(restored);
              conflicts.clearSettled();
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

      {conflicts.dialog && <ConflictDialog {...conflicts.dialog} />}

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
            autosave.cancel();
            remove.mutate(post.id, {
              onSuccess: () => {
                finish();
                dropCopy(postCopyKey(post.id));
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
