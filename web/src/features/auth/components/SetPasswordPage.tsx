import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { DocumentHead, NOINDEX } from '@/components/DocumentHead';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { toast } from '@/components/ui/use-toast';
import { business } from '@/config/business';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { focusFirstError, showFieldProblem } from '@/lib/form-errors';
import { useAuthProviders } from '../api/get-auth-providers';
import { useUser } from '../api/get-user';
import { useSetPasswordLink, type SetPasswordLink } from '../api/get-set-password-link';
import { useSetPassword } from '../api/set-password';
import { newPasswordSchema, passwordProblem, type NewPasswordValues } from '../utils/new-password';
import accountCss from './account.css?url';
import { NewPasswordFields } from './NewPasswordFields';

const FIELDS = ['password', 'confirm'] as const;
const REQUEST_FIELDS = { password: 'password' } as const;

/** The one-time token in the address's fragment (#token=…): a fragment never reaches a server or its logs. */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}

/**
 * /admin/set-password#token=…: the page of a one-time link: one an owner
 * sends a new staff member (issue 39), or a reset link the person asked
 * for by e-mail (/admin/forgot-password). It says whose account the link
 * is for and until when it works and takes the new password twice. An
 * owner's link then signs the person in to the admin; a reset link does
 * not (the person signs in with the new password, as the owner's sign-in
 * policy asks). Outside the admin's guard: whoever opens it is not signed
 * in yet. A link that is unknown, used or expired says so.
 */
export function SetPasswordPage() {
  const token = linkToken(useLocation().hash);
  const link = useSetPasswordLink(token);
  // A dead link offers a new one by mail where the server can send it: its
  // words wait for the server's sign-in options, so they appear once, whole.
  const providers = useAuthProviders();
  const deciding = providers.isPending && (token === '' || link.isError);
  return (
    <main className="staff-auth" id="main">
      <StaffStylesheet />
      <StaffStylesheet href={accountCss} />
      <DocumentHead title={`Set your password | ${business.companyName}`} meta={NOINDEX} />
      <div className="staff-auth__card">
        <Link to="/" className="staff-auth__brand">
          {business.companyName}
        </Link>
        <h1>{link.data?.resetLink ? 'Set a new password' : 'Set your password'}</h1>
        {deciding || (token !== '' && link.isPending) ? (
          <Spinner label="Checking your link…" />
        ) : token === '' ? (
          <LinkProblem message="This address has no set-password link in it. Open the whole link you were sent." />
        ) : link.data ? (
          <SetPasswordForm token={token} link={link.data} />
        ) : link.error instanceof ApiError && link.error.status === 404 ? (
          <LinkProblem message={serverMessage(link.error) ?? 'This link is not valid any more.'} />
        ) : (
          <LoadFailedAlert subject="Your link" error={link.error} onRetry={() => void link.refetch()} />
        )}
      </div>
    </main>
  );
}

/** A link that cannot set a password (none, unknown, used or expired): why, and what to do. */
function LinkProblem({ message }: { message: string }) {
  const mailed = useAuthProviders().data?.passwordReset;
  return (
    <div className="staff-alert staff-alert--error" role="alert">
      <p className="account-problem">{message}</p>
      <p className="account-problem">
        Ask an owner for a new link
        {mailed && (
          <>
            , or <Link to="/admin/forgot-password">have a new one e-mailed to you</Link>
          </>
        )}
        .
      </p>
    </div>
  );
}

/** After a reset link: the password is set, no one is signed in; the way to sign in with it. */
function ResetDone({ username }: { username: string }) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="staff-alert staff-alert--success" role="status">
      <p className="account-problem" tabIndex={-1} ref={heading}>
        <strong>Your new password is set.</strong> Every browser that was signed in as {username} has been signed out.
      </p>
      <p className="account-problem">
        <Link to="/auth" className="button button--primary">
          Sign in with it
        </Link>
      </p>
    </div>
  );
}

function SetPasswordForm({ token, link }: { token: string; link: SetPasswordLink }) {
  const id = useId();
  const navigate = useNavigate();
  const set = useSetPassword();
  const signedIn = useUser().data;
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } });
  const { register, handleSubmit, setError, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState<{ message: string; linkGone: boolean } | null>(null);
  const [resetDone, setResetDone] = useState(false);
  const expires = parseTimestamp(link.expiresAt);

  const onSubmit = handleSubmit(
    async ({ password }) => {
      setFormError(null);
      try {
        await set.mutateAsync({ token, password, reset: link.resetLink });
      } catch (err) {
        const problem = passwordProblem(err, REQUEST_FIELDS, 'The password could not be set');
        if (!showFieldProblem(problem, setError, setFocus)) {
          setFormError({ message: problem.message, linkGone: err instanceof ApiError && err.status === 404 });
        }
        return;
      }
      if (link.resetLink) {
        setResetDone(true);
        return;
      }
      toast({ title: 'Password set', description: 'You are signed in. Welcome aboard!' });
      void navigate('/admin', { replace: true });
    },
    (errs) => focusFirstError(errs, FIELDS, setFocus),
  );

  if (resetDone) return <ResetDone username={link.username} />;
  return (
    <>
      <p className="staff-auth__lead">
        For <strong>{link.username}</strong>. Choose the password you will sign in with; this link works once
        {expires && (
          <>
            , until <time dateTime={link.expiresAt}>{formatDateTime(expires)}</time>
          </>
        )}
        .
      </p>
      {!link.resetLink && signedIn && signedIn.username !== link.username && (
        <p className="staff-note">
          This browser is signed in as <strong>{signedIn.username}</strong>: setting this password signs it in as{' '}
          {link.username} instead.
        </p>
      )}
      <form className="staff-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Set your password">
        {/* The account's name, for password managers to store the new password under. */}
        <input type="email" name="username" autoComplete="username" value={link.username} readOnly hidden />
        <NewPasswordFields
          id={id}
          password={register('password')}
          confirm={register('confirm')}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
        {formError &&
          (formError.linkGone ? (
            <LinkProblem message={formError.message} />
          ) : (
            <div className="staff-alert staff-alert--error" role="alert">
              {formError.message}
            </div>
          ))}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Setting your password…' : link.resetLink ? 'Set new password' : 'Set password and sign in'}
        </button>
      </form>
    </>
  );
}
