import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { BrowserCopyOffer, useBrowserCopy } from '@/components/staff/use-browser-copy';
import { useUnsavedChanges } from '@/components/staff/use-unsaved-changes';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { focusFirstError, showServerFieldErrors } from '@/lib/form-errors';
import { useCreateEditableContent } from '../api/create-editable-content';
import { CONTENT_CATEGORIES, CONTENT_TYPES, plainText, textToHtml } from '../utils/content-items';
import { NEW_CONTENT_COPY_KEY, parseCreateCopy } from '../utils/content-copy';
import { CREATE_DEFAULTS, CREATE_FIELDS, createSchema, type CreateValues } from '../utils/content-schema';
import { CategoryField, ContentInput, DescriptionField, FormFrame, useContentFieldIds } from './ContentFormParts';
import type { SavedState } from './ContentList';

/** The item-creation form: key, category, type (HTML preselected, SPEC §3), description and the content. */
export function ContentCreatePage() {
  const navigate = useNavigate();
  const create = useCreateEditableContent();
  const ids = useContentFieldIds();
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
          <FieldError id={ids.keyError} message={errors.contentKey?.message} announce />
        </div>

        <div className="content-form__row">
          <CategoryField ids={ids} input={register('category')} options={CONTENT_CATEGORIES} error={errors.category?.message} />

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
            <FieldError id={ids.typeError} message={errors.contentType?.message} announce />
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

