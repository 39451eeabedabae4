import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { focusFirstError, showFieldProblem } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { changePasswordSchema, currentPasswordProblem, passwordProblem, type ChangePasswordValues } from '../utils/new-password';
import { NewPasswordFields, PasswordField } from './NewPasswordFields';

/** The form's fields in page order (the first invalid one gets focus). */
const FIELDS = ['current', 'password', 'confirm'] as const;
/** The request's field names, as a 400's details name them, and the form's. */
const REQUEST_FIELDS = { currentPassword: 'current', newPassword: 'password' } as const;
const EMPTY: ChangePasswordValues = { current: '', password: '', confirm: '' };

/**
 * Change password, on the account page: the current password, then the new
 * one twice. The gateway signs every other browser of the account out, and
 * the section says so once it is done. A wrong current password is said
 * under that field, in the server's words.
 */
export function ChangePasswordSection() {
  const id = useId();
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { register, handleSubmit, setError, setFocus, reset, formState } = form;
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState(false);
  const doneNote = useRef<HTMLParagraphElement>(null);

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError('');
      setDone(false);
      try {
        await change.mutateAsync({ currentPassword: values.current, newPassword: values.password });
      } catch (err) {
        const problem = passwordProblem(err, REQUEST_FIELDS, 'The password could not be changed', currentPasswordProblem);
        if (!showFieldProblem(problem, setError, setFocus)) setFormError(problem.message);
        return;
      }
      reset(EMPTY);
      setDone(true);
      requestAnimationFrame(() => doneNote.current?.focus());
    },
    (errs) => focusFirstError(errs, FIELDS, setFocus),
  );

  return (
    <section className="admin-card account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Change password
      </h2>
      <p className="staff-note">
        For an account that signs in with its e-mail and a password. Changing it signs you out on every other device and
        browser; this one stays signed in.
      </p>
      <form className="staff-form account-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <PasswordField
          id={`${id}-current`}
          label="Current password"
          autoComplete="current-password"
          field={register('current')}
          error={errors.current?.message}
        />
        <NewPasswordFields
          id={id}
          password={register('password')}
          confirm={register('confirm')}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
        {formError && (
          <div className="staff-alert staff-alert--error" role="alert">
            {formError}
          </div>
        )}
        <p ref={doneNote} className="staff-alert staff-alert--success account-done" role="status" tabIndex={-1}>
          {done ? 'Your password is changed. Every other browser signed in to your account has been signed out.' : ''}
        </p>
        <div>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
