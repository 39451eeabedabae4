import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { EDITOR_HEIGHT, RichTextEditor } from '@/components/staff/rich-text-editor';
import type { AdminPost } from '../api/get-admin-posts';
import { deriveCategory, POST_CATEGORIES } from '../utils/category';
import type { PostFormValues } from '../utils/post-form';
import { sitePath } from '../utils/post-translation';
import { suggestSlug } from '../utils/slug';
import { PostImageField } from './PostImageField';
import { PostSeoFields } from './PostSeoFields';
import type { usePostSlug } from './use-post-slug';

const EXCERPT_MAX = 500;

type PostFormFieldsProps = {
  form: UseFormReturn<PostFormValues>;
  slugging: ReturnType<typeof usePostSlug>;
  /** Opened at /new: a slug typed by hand can go back to the title's. */
  startedNew: boolean;
  /** The stored version being edited: its slug, if published, is an address in use. */
  base: AdminPost | undefined;
};

/** The post form's fields, from the title to search and social (the publishing ones are PostPublishingFields). */
export function PostFormFields({ form, slugging, startedNew, base }: PostFormFieldsProps) {
  const { register, control, setError, setFocus, setValue, formState } = form;
  const { errors } = formState;
  const { followsTitle, setFollowsTitle, titleField, slugField } = slugging;
  const ids = useFieldIds();
  const [title, slug, excerpt, category, imageUrl, seoTitle, seoDescription, socialImageUrl, language] = useWatch({
    control,
    name: ['title', 'slug', 'excerpt', 'category', 'imageUrl', 'seoTitle', 'seoDescription', 'socialImageUrl', 'language'],
  });
  // A Spanish post lives under /es (issue 40).
  const prefix = language === 'es' ? '/es/blog/' : '/blog/';
  const suggestion = suggestSlug(title);
  const derivedCategory = deriveCategory(title);
  // The slug warning is about the version being edited (the base).
  const slugChanged = base !== undefined && base.isPublished && slug.trim() !== base.slug;

  return (
    <>
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
          <span aria-hidden="true">{prefix}</span>
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
          The article’s address: {prefix}
          {slug.trim() || '…'}. Lower-case letters, digits and hyphens.
          {followsTitle && ' Made from the title until you change it.'}
        </p>
        {startedNew && !followsTitle && suggestion !== '' && suggestion !== slug.trim() && (
          <p className="staff-field__hint">
            <button
              type="button"
              className="staff-linkbutton"
              onClick={() => {
                setValue('slug', suggestion, { shouldDirty: true, shouldValidate: true });
                setFollowsTitle(true);
              }}
            >
              Use “{suggestion}” from the title
            </button>
          </p>
        )}
        {slugChanged && (
          <p id={ids.slugWarning} className="staff-alert staff-alert--warning post-form__warning">
            This post is published: changing its slug changes its address, and links to {sitePath(base)} will stop
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
        values={{ title, slug, excerpt, imageUrl, seoTitle, seoDescription, socialImageUrl, language }}
        onImageChosen={(url) => setValue('socialImageUrl', url, { shouldDirty: true, shouldValidate: true })}
        onImageRemoved={() => setValue('socialImageUrl', '', { shouldDirty: true, shouldValidate: true })}
      />
    </>
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
  ] as const;
  return Object.fromEntries(names.map((n) => [n, `${base}-${n}`])) as Record<(typeof names)[number], string>;
}
