import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { EDITOR_HEIGHT, RichTextEditor } from '@/components/staff/rich-text-editor';
import { useUnsavedChanges } from '@/components/staff/use-unsaved-changes';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { focusFirstError, showServerFieldErrors } from '@/lib/form-errors';
import { useCreatePost } from '../api/create-post';
import { useDeletePost } from '../api/delete-post';
import type { AdminPost } from '../api/get-admin-posts';
import { useUpdatePost } from '../api/update-post';
import { deriveCategory, POST_CATEGORIES } from '../utils/category';
import {
  EMPTY_POST_FORM,
  formValuesToPayload,
  formValuesToPreviewPost,
  postToFormValues,
  publishesDraftNow,
  toDateTimeLocal,
  type PostFormValues,
} from '../utils/post-form';
import { POST_FIELDS, postFormSchema } from '../utils/post-schema';
import { publishNote } from '../utils/publish-note';
import { suggestSlug } from '../utils/slug';
import { PostImageField } from './PostImageField';
import { PostSummary } from './PostSummary';
import { PreviewDialog } from './PreviewDialog';
import { RevisionsPanel } from './RevisionsPanel';
import type { PreviewPost } from '../api/render-post';

export type PostFormProps = {
  /** The post being edited; none when creating. */
  post?: AdminPost;
  /** Every post (for the slug check); the post itself is left out. */
  allPosts: readonly AdminPost[];
  /** The public article component, for the preview. */
  renderPreview: (post: PreviewPost) => ReactNode;
};

const EXCERPT_MAX = 500;

/**
 * SPEC §4 "Admin post editor": creating (/admin/posts/new) or editing
 * (/admin/posts/:id) a post. Cancel goes back to the list (none); a
 * successful create or update goes back to the list too. Rules are checked
 * as staff type, the server's per-field answers land on their fields, and
 * leaving with unsaved changes asks first.
 */
export function PostForm({ post, allPosts, renderPreview }: PostFormProps) {
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost();
  const remove = useDeletePost();
  const editing = post !== undefined;
  const ids = useFieldIds();

  const taken = useMemo(() => new Set(allPosts.filter((p) => p.id !== post?.id).map((p) => p.slug)), [allPosts, post?.id]);
  const schema = useMemo(() => postFormSchema(taken), [taken]);
  const initial = useMemo(() => (post ? postToFormValues(post) : EMPTY_POST_FORM), [post]);
  const form = useForm<PostFormValues>({ resolver: zodResolver(schema), defaultValues: initial, mode: 'onTouched' });
  const { register, control, handleSubmit, setError, setFocus, setValue, getValues, reset, trigger, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  const guard = useUnsavedChanges(isDirty);

  // A restored revision (any newly saved version) replaces what the form shows.
  const shownVersion = useRef(post?.updatedAt);
  useEffect(() => {
    if (post && post.updatedAt !== shownVersion.current) {
      shownVersion.current = post.updatedAt;
      reset(postToFormValues(post));
    }
  }, [post, reset]);

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

  const [title, slug, excerpt, category, isPublished, publishedAt, imageUrl] = useWatch({
    control,
    name: ['title', 'slug', 'excerpt', 'category', 'isPublished', 'publishedAt', 'imageUrl'],
  });
  const suggestion = suggestSlug(title);
  const derivedCategory = deriveCategory(title);

  const [previewAt, setPreviewAt] = useState<Date | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  /** Back to the list, without the unsaved-changes question (after a save or delete). */
  const leave = () => {
    guard.release();
    void navigate('/admin/posts');
  };

  const inFlight = useRef(false);
  const onSubmit = handleSubmit(
    async (values) => {
      // Enter in a field while a save is on its way must not send it twice.
      if (inFlight.current) return;
      inFlight.current = true;
      const fields = formValuesToPayload(values, post);
      try {
        if (post) {
          await update.mutateAsync({ id: post.id, fields });
          toast({ title: 'Success', description: 'Blog post updated successfully' });
        } else {
          await create.mutateAsync(fields);
          toast({ title: 'Success', description: 'Blog post created successfully' });
          reset(EMPTY_POST_FORM);
        }
        leave();
      } catch (err) {
        const shown = showServerFieldErrors(err, POST_FIELDS, setError, setFocus);
        // A slug in use (409) is the slug field's problem, though the answer has no per-field details.
        if (shown === 0 && err instanceof ApiError && err.status === 409) {
          setError('slug', { type: 'server', message: serverMessage(err) ?? errorMessage(err) });
          setFocus('slug');
        }
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(err) ?? (post ? 'Failed to update blog post' : 'Failed to create blog post'),
        });
      } finally {
        inFlight.current = false;
      }
    },
    (errs) => focusFirstError(errs, POST_FIELDS, setFocus),
  );

  const goesLiveNow =
    post !== undefined && publishedAt === toDateTimeLocal(post.publishedAt) && publishesDraftNow({ ...initial, isPublished }, post, new Date());
  const scheduleNote = publishNote({ editing, isPublished, publishedAt, stored: post?.publishedAt, goesLiveNow });
  const slugChanged = editing && post.isPublished && slug.trim() !== post.slug;
  const saving = isSubmitting;

  return (
    <div className={post ? 'post-editor post-editor--aside' : 'post-editor'}>
      <form className="admin-card staff-form post-form" onSubmit={onSubmit} noValidate aria-labelledby="post-form-heading">
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
          {!editing && !slugFollowsTitle && suggestion !== '' && suggestion !== slug.trim() && (
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
              This post is published: changing its slug changes its address, and links to /blog/{post.slug} will stop
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

        <div className="post-form__actions">
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {saving ? 'Saving…' : editing ? 'Save changes' : 'Create post'}
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

      {post && (
        <aside className="post-editor__aside" aria-label="About this post">
          <PostSummary post={post} />
          <RevisionsPanel post={post} dirty={isDirty} renderPreview={renderPreview} />
        </aside>
      )}

      <PreviewDialog
        open={previewAt !== null}
        onOpenChange={(open) => !open && setPreviewAt(null)}
        title={isDirty || !editing ? 'Preview of your unsaved changes' : 'Preview'}
        note="As the article page will show it. Nothing is saved until you save the form."
      >
        {previewAt && renderPreview(formValuesToPreviewPost(getValues(), post, previewAt))}
      </PreviewDialog>

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
          onConfirm={() => remove.mutate(post.id, { onSuccess: leave, onSettled: () => setConfirmDelete(false) })}
        />
      )}

      {guard.prompt}
    </div>
  );
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
