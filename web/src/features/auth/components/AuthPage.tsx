import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { toast } from '@/components/ui/use-toast';
import { business } from '@/config/business';
import { errorMessage } from '@/lib/api-client';
import { useAuthProviders } from '../api/get-auth-providers';
import { useUser } from '../api/get-user';
import { useLogin } from '../api/login';
import { useLogout } from '../api/logout';
import { PASSKEY_ENROLMENT_REQUIRED, refusalReason } from '@/lib/passkey-ceremony';
import { accessDeniedMessage, authErrorMessage } from '../messages';
import { PasskeyEnrolment, PasskeySignIn } from './PasskeySignIn';
import { googleSignInHref, returnTo } from '../return-to';
import { DocumentHead, NOINDEX } from '@/components/DocumentHead';

/** /auth: staff sign-in (SPEC §2 "Staff sign-in", §4 Auth, §8). */
export function AuthPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const user = useUser();
  const providers = useAuthProviders();
  const host = providers.data?.staffDomain || business.host;
  // The staff page that sent the browser here (the admin guard's state).
  const to = returnTo(useLocation().state);

  // SPEC §2: a signed-in user is sent to /admin. After an access_denied
  // redirect a signed-in non-staff user stays here, or the guard and this
  // page would send each other back and forth.
  if (user.data && (user.data.isStaff || error !== 'access_denied')) return <Navigate to={to} replace />;

  return (
    <main className="staff-auth" id="main">
      <StaffStylesheet />
      <DocumentHead title={`Staff sign-in | ${business.companyName}`} meta={NOINDEX} />
      <div className="staff-auth__card">
        <Link to="/" className="staff-auth__brand">
          {business.companyName}
        </Link>
        <h1>Staff sign-in</h1>
        <p className="staff-auth__lead">
          Only company-domain Google accounts (<strong>@{host}</strong>) may sign in.
        </p>
        {error && (
          <div className="staff-alert staff-alert--error" role="alert">
            {error === 'access_denied' ? accessDeniedMessage(host) : authErrorMessage(error)}
          </div>
        )}
        {user.isPending ? (
          <Spinner label="Checking whether you are signed in…" />
        ) : (
          <>
            {user.data && !user.data.isStaff && <SignedInAsVisitor username={user.data.username} />}
            <GoogleButton available={providers.data?.google} loading={providers.isPending} to={to} />
            <PasskeySignIn />
            <p className="staff-auth__divider">
              <span>or with an account the office set up for you</span>
            </p>
            <LocalSignInForm to={to} />
            <ForgotPassword available={providers.data?.passwordReset} />
          </>
        )}
        <p className="staff-auth__back">
          <Link to="/">← Back to the website</Link>
        </p>
      </div>
    </main>
  );
}

/**
 * 'Sign in with Google' navigates the browser to /auth/google (a full page
 * load: the gateway runs the OIDC flow). Without Google configured the
 * button says so instead of sending staff to an error.
 */
function GoogleButton({ available, loading, to }: { available: boolean | undefined; loading: boolean; to: string }) {
  if (loading) {
    return (
      <button type="button" className="button staff-auth__google" disabled>
        Sign in with Google
      </button>
    );
  }
  if (!available) {
    return (
      <div className="staff-auth__google-off">
        <button type="button" className="button staff-auth__google" disabled aria-describedby="google-off-note">
          Sign in with Google
        </button>
        <p id="google-off-note" className="staff-note">
          Google sign-in is not configured on this server. Use your e-mail and password below.
        </p>
      </div>
    );
  }
  return (
    <a href={googleSignInHref(to)} className="button button--primary staff-auth__google">
      <GoogleMark />
      Sign in with Google
    </a>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/**
 * The way back in after a forgotten password: a link by e-mail where this
 * server can send mail, an owner of the site where it cannot.
 */
function ForgotPassword({ available }: { available: boolean | undefined }) {
  if (available === undefined) return null;
  return available ? (
    <p className="staff-auth__forgot">
      <Link to="/admin/forgot-password">Forgot your password?</Link>
    </p>
  ) : (
    <p className="staff-note">Forgot your password? Ask an owner of the site for a new set-password link.</p>
  );
}

/** Shown to someone signed in with an account that has no staff rights. */
function SignedInAsVisitor({ username }: { username: string }) {
  const logout = useLogout();
  return (
    <p className="staff-note">
      You are signed in as <strong>{username}</strong>, which is not a staff account.{' '}
      <button type="button" className="staff-linkbutton" onClick={() => logout.mutate()} disabled={logout.isPending}>
        Sign out
      </button>
    </p>
  );
}

/** E-mail and password for operator-created local accounts (POST /api/login). */
function LocalSignInForm({ to }: { to: string }) {
  const id = useId();
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  // The sign-in policy refused a correct password for want of a passkey:
  // its words, and the way to add one.
  const [enrol, setEnrol] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setFailure(null);
    login.mutate(
      { username: String(data.get('username') ?? '').trim(), password: String(data.get('password') ?? '') },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Logged in successfully' });
          void navigate(to, { replace: true });
        },
        onError: (err) => {
          const message = errorMessage(err);
          if (refusalReason(err) === PASSKEY_ENROLMENT_REQUIRED) {
            setEnrol(message);
            return;
          }
          setFailure(message);
          toast({ variant: 'destructive', title: 'Login failed', description: message });
        },
      },
    );
  };

  if (enrol !== null) return <PasskeyEnrolment message={enrol} />;
  return (
    <form className="staff-form" onSubmit={onSubmit} aria-labelledby={`${id}-heading`} noValidate={false}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        Sign in with e-mail and password
      </h2>
      <div className="staff-field">
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input id={`${id}-email`} name="username" type="email" autoComplete="username" required />
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
      </div>
      {failure && (
        <p className="staff-field__error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Sign in with e-mail'}
      </button>
    </form>
  );
}
