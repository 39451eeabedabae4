// The labelled controls both forms are made of. Each error is a
// <p role="alert"> right after its control, linked by aria-describedby.
import '@/locales/lead-form/en';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CallLink } from '@/components/CallLink';
import { trackConversion } from '@/lib/analytics';
import type { Option } from '../options';
import './lead-form.css';

type BaseProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  className?: string;
};

const errorIdOf = (id: string) => `${id}-error`;

function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorIdOf(id) } : {};
}

export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="lead-form__error" role="alert">
      {message}
    </p>
  );
}

function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="lead-form__label">
      {children}
      {required && (
        <span className="lead-form__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

const fieldClass = (className?: string) => ['lead-form__field', className].filter(Boolean).join(' ');

export function TextField({
  id,
  label,
  registration,
  error,
  required,
  className,
  type = 'text',
  autoComplete,
  maxLength,
  inputMode,
}: BaseProps & {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'text' | 'email' | 'tel';
}) {
  return (
    <div className={fieldClass(className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input
        id={id}
        type={type}
        className="lead-form__input"
        autoComplete={autoComplete}
        maxLength={maxLength}
        inputMode={inputMode}
        required={required}
        {...invalidProps(id, error)}
        {...registration}
      />
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  registration,
  error,
  required,
  className,
  options,
  placeholder,
  autoComplete,
}: BaseProps & { options: readonly Option[]; placeholder: string; autoComplete?: string }) {
  return (
    <div className={fieldClass(className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <select
        id={id}
        className="lead-form__input lead-form__select"
        required={required}
        autoComplete={autoComplete}
        {...invalidProps(id, error)}
        {...registration}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

export function TextareaField({
  id,
  label,
  registration,
  error,
  required,
  className,
  placeholder,
  maxLength,
  hint,
}: BaseProps & { placeholder?: string; maxLength?: number; hint?: string }) {
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorIdOf(id) : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldClass(className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {hint && (
        <p id={hintId} className="lead-form__hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        className="lead-form__input lead-form__textarea"
        rows={4}
        placeholder={placeholder}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

/**
 * A group of checkboxes sharing one registration: react-hook-form keeps the
 * checked values as a string array.
 */
export function CheckboxGroup({
  id,
  label,
  registration,
  error,
  required,
  className,
  options,
}: BaseProps & { options: readonly Option[] }) {
  const errorId = errorIdOf(id);
  return (
    <fieldset
      className={['lead-form__field', 'lead-form__group', className].filter(Boolean).join(' ')}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="lead-form__label">
        {label}
        {required && (
          <span className="lead-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="lead-form__checks">
        {options.map((o) => (
          <label key={o.value} className="lead-form__check" htmlFor={`${id}-${o.value}`}>
            <input
              id={`${id}-${o.value}`}
              type="checkbox"
              value={o.value}
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * A field people never see or reach: bots that fill every input fill it too,
 * and the server files those submissions as spam.
 */
export function Honeypot({ id, registration }: { id: string; registration: UseFormRegisterReturn }) {
  return (
    <div className="lead-form__hp" aria-hidden="true">
      <label htmlFor={id}>
        <Trans>Leave this field empty</Trans>
      </label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" {...registration} />
    </div>
  );
}

/** The note that explains the asterisks. */
export function RequiredNote() {
  return (
    <p className="lead-form__note">
      <Trans>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </Trans>
    </p>
  );
}

/**
 * Shown when a submission did not get through (network down, server
 * unavailable): what was typed is still in the form, the button sends it
 * again, and the phone and a pre-filled e-mail (SPEC §7) are offered.
 */
export function UndeliveredNotice({ mailtoHref, buttonLabel }: { mailtoHref: string; buttonLabel: string }) {
  return (
    <div className="lead-form__undelivered" role="alert">
      <p>
        <Trans>
          We couldn't send your request just now. What you typed is still here: press “{buttonLabel}” to try again,
          or reach us directly.
        </Trans>
      </p>
      <div className="button-row">
        <CallLink className="button" />
        <a href={mailtoHref} className="button" onClick={() => void trackConversion('email_fallback')}>
          <Trans>Email us this request</Trans>
        </a>
      </div>
    </div>
  );
}
