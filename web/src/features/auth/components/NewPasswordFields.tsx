import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { MIN_PASSWORD_LENGTH } from '../utils/new-password';

type PasswordFieldProps = {
  /** The input's id; its hint and error take it as their prefix. */
  id: string;
  label: string;
  /** What a password manager is told: an existing password or a new one. */
  autoComplete: 'current-password' | 'new-password';
  field: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string;
};

/** A password input with its label, an optional hint and its error (read out when the form is sent). */
export function PasswordField({ id, label, autoComplete, field, error, hint }: PasswordFieldProps) {
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        {...field}
      />
      {hint && (
        <p id={`${id}-hint`} className="staff-field__hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} announce />
    </div>
  );
}

type NewPasswordFieldsProps = {
  /** Prefix of the fields' ids (useId). */
  id: string;
  password: UseFormRegisterReturn<'password'>;
  confirm: UseFormRegisterReturn<'confirm'>;
  errors: { password?: string | undefined; confirm?: string | undefined };
};

/**
 * A new password typed twice, for setting one from a link and for changing
 * one: the length rule under the first field, and the browser told these
 * are new passwords, so a password manager offers to make and keep one.
 */
export function NewPasswordFields({ id, password, confirm, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${id}-password`}
        label="New password"
        autoComplete="new-password"
        field={password}
        error={errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password: a few unrelated words are easy to remember and hard to guess.`}
      />
      <PasswordField id={`${id}-confirm`} label="New password again" autoComplete="new-password" field={confirm} error={errors.confirm} />
    </>
  );
}
