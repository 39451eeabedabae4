import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useAnnouncer } from '@/components/staff/use-announcer';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useEndOtherSessions, useEndSession, useSessions, type AccountSession } from '../api/sessions';
import { currentFirst, sessionFacts, sessionName } from '../utils/sessions';

/**
 * Where you're signed in, on the account page: each browser or device
 * the account is signed in on (this one marked), with a Sign out for each
 * other one and Sign out everywhere else. A browser signed out here is
 * signed out at its next request.
 */
export function SessionsSection() {
  const id = useId();
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  // A session's own problem, by id, shown on its item (kept here: an
  // ended session's item is gone before its request's callbacks run).
  const [itemProblems, setItemProblems] = useState<Record<string, string>>({});
  const [announcement, announce] = useAnnouncer();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState('');
  const now = new Date();
  const list = sessions.data ? currentFirst(sessions.data) : [];
  const others = list.filter((s) => !s.current).length;

  return (
    <section className="admin-card account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Where you’re signed in
      </h2>
      <p className="staff-note">
        Each browser or device signed in to your account. If you see one you don’t know, sign it out and change your
        password.
      </p>
      {sessions.isPending ? (
        <Spinner label="Loading where you’re signed in…" />
      ) : sessions.isError ? (
        <LoadFailedAlert subject="Where you’re signed in" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="account-list" aria-label="Where you’re signed in">
          {list.map((s) => (
            <SessionItem
              key={s.id}
              session={s}
              now={now}
              problem={itemProblems[s.id] ?? ''}
              ending={end.isPending && end.variables === s.id}
              onSignOut={() => {
                const name = sessionName(s);
                setItemProblems((p) => ({ ...p, [s.id]: '' }));
                end.mutate(s.id, {
                  onSuccess: () => announce(`Signed out of ${name}.`),
                  onError: (err) =>
                    setItemProblems((p) => ({
                      ...p,
                      [s.id]: err instanceof ApiError && err.status === 404 ? errorMessage(err) : `${name} could not be signed out: ${errorMessage(err)}`,
                    })),
                });
              }}
            />
          ))}
        </ul>
      )}
      {problem && (
        <p className="staff-alert staff-alert--error" role="alert">
          {problem}
        </p>
      )}
      {others > 0 && (
        <div>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              setProblem('');
              setConfirming(true);
            }}
          >
            Sign out everywhere else
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere else?"
        description={`${others === 1 ? 'The other browser' : `The ${others} other browsers and devices`} will have to sign in again. This one stays signed in.`}
        confirmLabel="Sign out everywhere else"
        destructive
        pending={endOthers.isPending}
        pendingLabel="Signing out…"
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: (ended) => {
              setConfirming(false);
              announce(ended === 1 ? 'Signed out of 1 other browser.' : `Signed out of ${ended} other browsers.`);
            },
            onError: (err) => {
              setConfirming(false);
              setProblem(`The other browsers could not be signed out: ${errorMessage(err)}`);
            },
          })
        }
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

type SessionItemProps = {
  session: AccountSession;
  now: Date;
  problem: string;
  /** Its Sign out is on its way. */
  ending: boolean;
  onSignOut: () => void;
};

function SessionItem({ session, now, problem, ending, onSignOut }: SessionItemProps) {
  const id = useId();
  return (
    <li className="account-item" aria-labelledby={`${id}-name`}>
      <p id={`${id}-name`} className="account-item__name">
        {sessionName(session)}
        {session.current && (
          <>
            {' '}
            <span className="account-item__badge">This browser</span>
          </>
        )}
      </p>
      <p className="account-item__facts">{sessionFacts(session, now)}</p>
      {problem && (
        <p className="staff-alert staff-alert--error" role="alert">
          {problem}
        </p>
      )}
      {!session.current && (
        <div className="account-item__actions">
          <button type="button" className="button button--small button--danger" aria-describedby={`${id}-name`} disabled={ending} onClick={onSignOut}>
            {ending ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      )}
    </li>
  );
}
