import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { formProblem } from '@/lib/api-errors';
import { errorMessage } from '@/lib/api-client';
import { useConfirmItsYou } from '../api/confirm';

/** Where a Google sign-in comes back to: the account page, whose changes this unlocks. */
const ACCOUNT_PAGE = '/admin/account';

type ConfirmItsYouProps = {
  /** How the account signs in (the User's signIn): a Google account confirms by signing in again. */
  signIn: string | undefined;
  /** What the person was doing, for the words: "add or remove passkeys". */
  doing: string;
  onConfirmed: () => void;
};

/**
 * "Confirm it's you", where a change to how the account signs in was
 * refused because this browser signed in more than 10 minutes ago: the
 * password typed again (its field takes the focus), or for a Google
 * account a fresh Google sign-in that comes back here.
 */
export function ConfirmItsYou({ signIn, doing, onConfirmed }: ConfirmItsYouProps) {
  const id = useId();
  const confirm = useConfirmItsYou();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  useEffect(() => input.current?.focus(), []);

  if (signIn === 'google') {
    return (
      <div className="account-item account-confirm" role="group" aria-labelledby={`${id}-title`}>
        <p id={`${id}-title`} className="account-confirm__title">
          Confirm it’s you
        </p>
        <p className="staff-note">
          For your safety, sign in again with Google to {doing}. You come back here, and can {doing} for 10 minutes.
        </p>
        <div>
          <a className="button button--primary" href={`/auth/google?next=${encodeURIComponent(ACCOUNT_PAGE)}`}>
            Sign in again with Google
          </a>
        </div>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setProblem('Enter your password.');
      input.current?.focus();
      return;
    }
    setProblem('');
    confirm.mutate(
      { password },
      {
        onSuccess: () => {
          setPassword('');
          onConfirmed();
        },
        onError: (err) => {
          const p = formProblem(err, { password: 'password' } as const);
          setProblem(p?.message ?? `Not confirmed: ${errorMessage(err)}`);
          input.current?.focus();
        },
      },
    );
  };

  return (
    <form className="staff-form account-item account-confirm" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="account-confirm__title">
        Confirm it’s you
      </p>
      <p className="staff-note" id={`${id}-why`}>
        For your safety, type your password again to {doing}: this browser signed in more than 10 minutes ago. Then you
        can {doing} for 10 minutes.
      </p>
      <div className="staff-field">
        <label htmlFor={`${id}-password`}>Your password</label>
        <input
          ref={input}
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(`${id}-why`, problem && `${id}-error`)}
        />
        <FieldError id={`${id}-error`} message={problem || undefined} announce />
      </div>
      <div>
        <button type="submit" className="button button--primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Confirming…' : 'Confirm'}
        </button>
      </div>
    </form>
  );
}
