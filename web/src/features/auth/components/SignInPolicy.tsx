import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { passkeyProblem } from '@/lib/passkey-ceremony';
import { useSignInPolicy, useUpdateSignInPolicy } from '../api/sign-in-policy';
import passkeysCss from './passkeys.css?url';

function withoutPasskey(n: number): string {
  return n === 1 ? '1 staff account signs in with a password and has no passkey' : `${n} staff accounts sign in with a password and have no passkey`;
}

/**
 * The owner's sign-in policy, for the Staff tab: "Require a passkey or
 * Google for every staff account". Turning it on is asked first, saying
 * who it affects; turning it off is not (it only allows more).
 */
export function SignInPolicy() {
  const id = useId();
  const policy = useSignInPolicy();
  const update = useUpdateSignInPolicy();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');

  const set = (requirePasskey: boolean) => {
    setProblem('');
    setDone('');
    update.mutate(requirePasskey, {
      onSuccess: (p) => {
        setAsking(false);
        setDone(p.requirePasskey ? 'Passkeys are now required: passwords alone no longer sign anyone in.' : 'Passwords sign in again.');
      },
      onError: (err) => {
        setAsking(false);
        setProblem(passkeyProblem(err, 'The sign-in policy could not be changed. Please try again.'));
      },
    });
  };

  return (
    <section className="admin-card sign-in-policy" aria-labelledby={`${id}-title`}>
      <StaffStylesheet href={passkeysCss} />
      <h2 id={`${id}-title`}>How staff sign in</h2>
      {policy.isPending ? (
        <Spinner label="Loading the sign-in policy…" />
      ) : policy.isError ? (
        <LoadFailedAlert subject="The sign-in policy" error={policy.error} onRetry={() => void policy.refetch()} />
      ) : (
        <>
          <div className="sign-in-policy__toggle">
            <input
              id={`${id}-require`}
              type="checkbox"
              checked={policy.data.requirePasskey}
              disabled={update.isPending}
              aria-describedby={`${id}-what`}
              onChange={(e) => (e.target.checked ? setAsking(true) : set(false))}
            />
            <label htmlFor={`${id}-require`}>Require a passkey or Google for every staff account</label>
          </div>
          <p id={`${id}-what`} className="staff-note">
            When on, a password alone signs no one in. People sign in with a passkey or with Google; someone who has
            only a password is asked, after typing it, to add a passkey there and then. {withoutPasskey(policy.data.accountsWithoutPasskey)}.
            {policy.data.updatedBy && parseTimestamp(policy.data.updatedAt) && (
              <> Last changed by {policy.data.updatedBy} on {formatDateTime(parseTimestamp(policy.data.updatedAt)!)}.</>
            )}
          </p>
        </>
      )}
      {problem && (
        <p className="staff-alert staff-alert--error" role="alert">
          {problem}
        </p>
      )}
      <p className="staff-note passkey-note" role="status">
        {done}
      </p>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Require a passkey or Google?"
        description={`${policy.data ? withoutPasskey(policy.data.accountsWithoutPasskey) + ': each' : 'Anyone without a passkey'} will be asked to add a passkey at their next sign-in, with a device that can make one. Everyone already signed in stays signed in.`}
        confirmLabel="Require passkeys"
        pending={update.isPending}
        pendingLabel="Saving…"
        onConfirm={() => set(true)}
      />
    </section>
  );
}
