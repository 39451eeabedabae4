import { useId, useState, type FormEvent } from 'react';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { toast } from '@/components/ui/use-toast';
import { passkeyCancelled, passkeyProblem } from '@/lib/passkey-ceremony';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { nameProblem } from '../utils/passkeys';
import { PasskeyNameField } from './PasskeyNameField';
import passkeysCss from './passkeys.css?url';

/** What the sign-in page says when a passkey signed someone in (the page then moves on). */
function signedIn() {
  toast({ title: 'Success', description: 'Signed in with your passkey' });
}

/** The person closed the browser's prompt: said quietly, with what to do. */
const CANCELLED = 'Passkey sign-in was cancelled. Try again, or sign in another way.';

/**
 * "Sign in with a passkey": nothing to type; the browser offers the
 * passkeys it holds for this site (on this device, a phone nearby or a
 * security key), and the one chosen signs its account in. The WebAuthn
 * code loads when the button is pressed.
 */
export function PasskeySignIn() {
  const signIn = usePasskeySignIn();
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const onClick = () => {
    setProblem('');
    setNote('');
    signIn.mutate(
      {},
      {
        onSuccess: signedIn,
        onError: (err) =>
          passkeyCancelled(err)
            ? setNote(CANCELLED)
            : setProblem(passkeyProblem(err, 'Signing in with a passkey did not work. Please try again, or sign in another way.')),
      },
    );
  };
  return (
    <div className="passkey-signin">
      <StaffStylesheet href={passkeysCss} />
      <button type="button" className="button staff-auth__passkey" onClick={onClick} disabled={signIn.isPending}>
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {problem && (
        <p className="staff-alert staff-alert--error" role="alert">
          {problem}
        </p>
      )}
      <p className="staff-note passkey-note" role="status">
        {note}
      </p>
    </div>
  );
}

/**
 * After a correct password the sign-in policy refused for want of a
 * passkey: the gateway's words, a name, and "Add a passkey and sign in",
 * which makes the account's first passkey on this device (or a phone, or a
 * key) and signs in with it.
 */
export function PasskeyEnrolment({ message }: { message: string }) {
  const id = useId();
  const enrol = usePasskeySignIn();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem('');
    setNote('');
    const invalid = nameProblem(name);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    enrol.mutate(
      { enrolAs: name.trim() },
      {
        onSuccess: signedIn,
        onError: (err) =>
          passkeyCancelled(err)
            ? setNote('No passkey was added: the prompt was closed. Try again when you are ready.')
            : setProblem(passkeyProblem(err, 'The passkey could not be added. Sign in with your password again and retry.')),
      },
    );
  };
  return (
    <form className="staff-form passkey-signin" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <StaffStylesheet href={passkeysCss} />
      <h2 id={`${id}-title`} className="passkey-signin__title">
        Add a passkey to sign in
      </h2>
      <p className="staff-alert staff-alert--warning">{message}</p>
      <PasskeyNameField id={`${id}-name`} label="Name for your passkey" value={name} onChange={setName} problem={problem} />
      <p className="staff-note passkey-note" role="status">
        {note}
      </p>
      <button type="submit" className="button button--primary" disabled={enrol.isPending}>
        {enrol.isPending ? 'Waiting for your device…' : 'Add a passkey and sign in'}
      </button>
    </form>
  );
}
