import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, showFieldProblem } from '@/lib/form-errors';
import { ROLE_INFO, STAFF_ROLES } from '@/lib/staff-roles';
import type { InviteInput } from '../api/invite-staff';
import { INVITE_FIELDS, inviteInput, inviteProblem, inviteSchema, type InviteValues } from '../utils/invite-form';

type InviteFormProps = {
  /** The company's Google domain ('' when unknown): a Google account must be on it. */
  staffDomain: string;
  /** Whether this server offers Google sign-in at all. */
  googleAvailable: boolean;
  /** Sends the invitation; a rejection (the server's 400 or 409) is shown on the form. */
  invite: (input: InviteInput) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * Invite a person: their e-mail, their role (chosen, never preset: each
 * role is explained beside it) and how they sign in: with the company's
 * Google account, or with a password they set through a one-time link.
 */
export function InviteForm({ staffDomain, googleAvailable, invite, onCancel }: InviteFormProps) {
  const id = useId();
  const schema = useMemo(() => inviteSchema(staffDomain), [staffDomain]);
  const form = useForm<InviteValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', role: '', signIn: googleAvailable ? 'google' : 'password' },
  });
  const { register, handleSubmit, setError, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState('');

  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError('');
      try {
        await invite(inviteInput(values));
      } catch (err) {
        const problem = inviteProblem(err);
        if (!showFieldProblem(problem, setError, setFocus)) {
          setFormError(`The invitation could not be sent: ${problem?.message ?? errorMessage(err)}`);
        }
      }
    },
    (errs) => focusFirstError(errs, INVITE_FIELDS, setFocus),
  );

  const f = (name: string) => `${id}-${name}`;
  const domain = staffDomain ? `@${staffDomain}` : 'company';
  return (
    <form className="staff-form staff-invite" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="staff-field">
        <label htmlFor={f('email')}>E-mail</label>
        <input
          id={f('email')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy(f('email-hint'), errors.email && f('email-error'))}
          {...register('email')}
        />
        <p id={f('email-hint')} className="staff-field__hint">
          The address they will sign in with.
        </p>
        <FieldError id={f('email-error')} message={errors.email?.message} announce />
      </div>

      <fieldset className="staff-field staff-choices" aria-describedby={describedBy(errors.role && f('role-error'))}>
        <legend>Role</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="staff-choice">
            <input type="radio" value={role} aria-describedby={f(`role-${role}`)} {...register('role')} />
            <span>
              <strong>{ROLE_INFO[role].label}</strong>
              <span id={f(`role-${role}`)} className="staff-choice__hint">
                {ROLE_INFO[role].description}
              </span>
            </span>
          </label>
        ))}
        <FieldError id={f('role-error')} message={errors.role?.message} announce />
      </fieldset>

      <fieldset className="staff-field staff-choices" aria-describedby={describedBy(errors.signIn && f('sign-in-error'))}>
        <legend>How they sign in</legend>
        <label className="staff-choice">
          <input type="radio" value="google" disabled={!googleAvailable} aria-describedby={f('google-hint')} {...register('signIn')} />
          <span>
            <strong>Google</strong>
            <span id={f('google-hint')} className="staff-choice__hint">
              {googleAvailable
                ? `With their ${domain} Google account. Nothing to send them: they can sign in at once.`
                : 'Google sign-in is not configured on this server.'}
            </span>
          </span>
        </label>
        <label className="staff-choice">
          <input type="radio" value="password" aria-describedby={f('password-hint')} {...register('signIn')} />
          <span>
            <strong>Password</strong>
            <span id={f('password-hint')} className="staff-choice__hint">
              With their e-mail and a password. You get a one-time link to send them, with which they choose it.
            </span>
          </span>
        </label>
        <FieldError id={f('sign-in-error')} message={errors.signIn?.message} announce />
      </fieldset>

      {formError && (
        <div className="staff-alert staff-alert--error" role="alert">
          {formError}
        </div>
      )}
      <div className="staff-invite__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Inviting…' : 'Invite'}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
