import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import type { AdminPost } from '../api/get-admin-posts';
import { draftTimeUnset, publishesDraftNow, toDateTimeLocal, type PostFormValues } from '../utils/post-form';
import { publishNote } from '../utils/publish-note';

type PostPublishingFieldsProps = {
  form: UseFormReturn<PostFormValues>;
  /** The stored version being edited: the publish time is about it. */
  base: AdminPost | undefined;
  /** What the form showed when it opened. */
  initial: PostFormValues;
  editing: boolean;
};

/** Published, and the publish date and time, with what they will do. */
export function PostPublishingFields({ form, base, initial, editing }: PostPublishingFieldsProps) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const id = useId();
  const [isPublished, publishedAt] = useWatch({ control, name: ['isPublished', 'publishedAt'] });
  // (A draft's unchosen time is shown empty: untouched is empty then.)
  const draftUnset = base !== undefined && draftTimeUnset(base);
  const untouchedAt = base === undefined ? '' : draftUnset ? '' : toDateTimeLocal(base.publishedAt);
  const goesLiveNow = base !== undefined && publishedAt === untouchedAt && publishesDraftNow({ ...initial, isPublished }, base, new Date());
  const scheduleNote = publishNote({ editing, isPublished, publishedAt, stored: base?.publishedAt, goesLiveNow, draft: draftUnset });

  return (
    <fieldset className="post-form__publishing">
      <legend>Publishing</legend>
      <div className="staff-field staff-field--inline">
        <input id={`${id}-published`} type="checkbox" aria-describedby={`${id}-publishedHint`} {...register('isPublished')} />
        <label htmlFor={`${id}-published`}>Published</label>
      </div>
      <p id={`${id}-publishedHint`} className="staff-field__hint">
        {isPublished ? 'Visitors can read it once its publish time has come.' : 'A draft: only staff can see it, here and in Preview.'}
      </p>
      <div className="staff-field">
        <label htmlFor={`${id}-publishedAt`}>Publish date and time</label>
        <input
          id={`${id}-publishedAt`}
          type="datetime-local"
          step={60}
          aria-invalid={errors.publishedAt ? true : undefined}
          aria-describedby={describedBy(`${id}-publishedAtHint`, errors.publishedAt && `${id}-publishedAtError`)}
          {...register('publishedAt')}
        />
        <p id={`${id}-publishedAtHint`} className={scheduleNote.scheduled ? 'post-form__schedule' : 'staff-field__hint'} aria-live="polite">
          {scheduleNote.text} Times are in your time zone ({timeZoneName()}).
        </p>
        <FieldError id={`${id}-publishedAtError`} message={errors.publishedAt?.message} />
      </div>
    </fieldset>
  );
}

function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
