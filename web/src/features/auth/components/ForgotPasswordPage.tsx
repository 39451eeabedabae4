import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DocumentHead, NOINDEX } from '@/components/DocumentHead';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { business } from '@/config/business';
import { errorMessage } from '@/lib/api-client';
import { useAuthProviders } from '../api/get-auth-providers';
import { useRequestPasswordReset } from '../api/password-reset';
import accountCss from './account.css?url';

/** Said where this server cannot mail a link (no mail server configured). */
export const NO_RESET_BY_MAIL =
  'This server cannot send e-mail, so it cannot reset a password. Ask an owner of the site for a new set-password link.';

/**
 * /admin/forgot-password: a person who signs in with a password and has
 * forgotten it asks for a one-time link by e-mail (ASVS 6.4.3). The page
 * says the same after every address, with an account or not: only the
 * mailbox learns whether there is one. Outside the admin's guard.
 */
export function ForgotPasswordPage() {
  const providers = useAuthProviders();
  return (
    <main className="staff-auth" id="main">
      <StaffStylesheet />
      <StaffStylesheet href={accountCss} />
      <DocumentHead title={`Forgot your password? | ${business.companyName}`} meta={NOINDEX} />
      <div className="staff-auth__card">
        <Link to="/" className="staff-auth__brand">
          {business.companyName}
        </Link>
        <h1>Forgot your password?</h1>
        {providers.isPending ? (
          <Spinner label="Checking what this server offers…" />
        ) : providers.data?.passwordReset ? (
          <ResetRequestForm />
        ) : (
          <p className="staff-alert staff-alert--warning">{NO_RESET_BY_MAIL}</p>
        )}
        <p className="staff-auth__back">
          <Link to="/auth">← Back to sign-in</Link>
        </p>
      </div>
    </main>
  );
}

function ResetRequestForm() {
  const id = useId();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setFailure(null);
    request.mutate(
      { email },
      {
        onSuccess: () => setSentTo(email),
        onError: (err) => {
          setFailure(errorMessage(err));
          input.current?.focus();
        },
      },
    );
  };

  if (sentTo !== null) {
    return (
      <div className="staff-alert staff-alert--success" role="status">
        <p className="account-problem">
          <strong>Check your inbox.</strong> If <strong>{sentTo}</strong> has an account here, we have e-mailed it a
          link to set a new password. The link works once, within the hour.
        </p>
        <p className="account-problem">
          Nothing after a few minutes? Look in your spam folder, check the address and{' '}
          <button type="button" className="staff-linkbutton" onClick={() => setSentTo(null)}>
            try again
          </button>
          , or ask an owner of the site.
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="staff-auth__lead">
        Enter the e-mail address you sign in with. If its account has a password, we will e-mail it a link to choose
        a new one. Google accounts sign in with Google and have no password here.
      </p>
      <form className="staff-form" onSubmit={onSubmit} aria-label="Ask for a password reset link">
        <div className="staff-field">
          <label htmlFor={`${id}-email`}>E-mail</label>
          <input
            ref={input}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            aria-invalid={failure !== null || undefined}
            aria-describedby={failure !== null ? `${id}-error` : undefined}
          />
        </div>
        {failure !== null && (
          <p id={`${id}-error`} className="staff-field__error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'E-mail me a link'}
        </button>
      </form>
    </>
  );
}
