import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { formatDate, parseTimestamp } from '@/components/staff/format';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { useAnnouncer } from '@/components/staff/use-announcer';
import { passkeyCancelled, passkeyProblem, RECENT_SIGN_IN_REQUIRED, refusalReason } from '@/lib/passkey-ceremony';
import { useAddPasskey } from '../api/add-passkey';
import { useDeletePasskey } from '../api/delete-passkey';
import { usePasskeys, type Passkey } from '../api/list-passkeys';
import { useRenamePasskey } from '../api/rename-passkey';
import { nameProblem, passkeyFacts } from '../utils/passkeys';
import { ConfirmItsYou } from './ConfirmItsYou';
import { PasskeyNameField } from './PasskeyNameField';
import passkeysCss from './passkeys.css?url';

/**
 * Passkeys, on the account page: the account's passkeys (name, where it
 * lives, added, last used) with Rename and Remove, and Add a passkey with
 * a name. A prompt the person closes is said quietly, not as an error.
 */
export function PasskeysSection({ signIn }: { signIn?: string }) {
  const id = useId();
  const passkeys = usePasskeys();
  const [announcement, announce] = useAnnouncer();
  // A change was refused until the person confirms it is them (a sign-in
  // more than 10 minutes old): the form for that shows until they do.
  const [confirming, setConfirming] = useState(false);
  const needsConfirming = () => setConfirming(true);
  return (
    <section className="admin-card account-section" aria-labelledby={`${id}-title`}>
      <StaffStylesheet href={passkeysCss} />
      <h2 id={`${id}-title`} className="account-section__title">
        Passkeys
      </h2>
      <p className="staff-note">
        A passkey signs you in with this device’s fingerprint, face or screen lock, your phone, or a security key,
        instead of a password. It works only on this site, so a look-alike site cannot steal it. Add one for each device
        you sign in from.
      </p>
      {passkeys.isPending ? (
        <Spinner label="Loading your passkeys…" />
      ) : passkeys.isError ? (
        <LoadFailedAlert subject="Your passkeys" error={passkeys.error} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.length === 0 ? (
        <p className="passkey-empty">You have no passkeys yet.</p>
      ) : (
        <ul className="account-list" aria-label="Your passkeys">
          {passkeys.data.map((p) => (
            <PasskeyItem key={p.id} passkey={p} announce={announce} onConfirmNeeded={needsConfirming} />
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmItsYou
          signIn={signIn}
          doing="add or remove passkeys"
          onConfirmed={() => {
            setConfirming(false);
            announce('Confirmed. You can add or remove passkeys for the next 10 minutes.');
          }}
        />
      )}
      <AddPasskeyForm announce={announce} onConfirmNeeded={needsConfirming} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

type ChangeProps = {
  announce: (message: string) => void;
  /** The server asked the person to confirm it is them first. */
  onConfirmNeeded: () => void;
};

function AddPasskeyForm({ announce, onConfirmNeeded }: ChangeProps) {
  const id = useId();
  const add = useAddPasskey();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = nameProblem(name);
    setProblem(invalid);
    setNote('');
    if (invalid) {
      input.current?.focus();
      return;
    }
    add.mutate(name.trim(), {
      onSuccess: (passkey) => {
        setName('');
        announce(`Passkey “${passkey.name}” added. You can sign in with it now.`);
      },
      onError: (err) => {
        if (passkeyCancelled(err)) {
          setNote('No passkey was added: the prompt was closed. Try again when you are ready.');
          return;
        }
        if (refusalReason(err) === RECENT_SIGN_IN_REQUIRED) {
          setNote('No passkey was added yet: confirm it’s you above, then add it.');
          onConfirmNeeded();
          return;
        }
        setProblem(passkeyProblem(err, 'The passkey could not be added. Please try again.'));
      },
    });
  };

  return (
    <form className="staff-form passkey-add" noValidate onSubmit={onSubmit}>
      <PasskeyNameField ref={input} id={`${id}-name`} label="Name for a new passkey" value={name} onChange={setName} problem={problem} />
      {note && <p className="staff-note passkey-note">{note}</p>}
      <div>
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
        </button>
      </div>
    </form>
  );
}

function PasskeyItem({ passkey, announce, onConfirmNeeded }: ChangeProps & { passkey: Passkey }) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState('');
  const remove = useDeletePasskey();
  const renameButton = useRef<HTMLButtonElement>(null);
  const added = parseTimestamp(passkey.createdAt);
  const used = parseTimestamp(passkey.lastUsedAt);

  return (
    <li className="account-item" aria-labelledby={`${id}-name`}>
      {renaming ? (
        <RenameForm
          passkey={passkey}
          onDone={(renamed) => {
            setRenaming(false);
            if (renamed) announce(`Passkey renamed to “${renamed}”.`);
            requestAnimationFrame(() => renameButton.current?.focus());
          }}
        />
      ) : (
        <>
          <p id={`${id}-name`} className="account-item__name">
            {passkey.name}
          </p>
          <p className="account-item__facts">
            {[
              ...passkeyFacts(passkey),
              added ? `Added ${formatDate(added)}` : '',
              used ? `Last used ${formatDate(used)}` : 'Not used yet',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {problem && (
            <p className="staff-alert staff-alert--error" role="alert">
              {problem}
            </p>
          )}
          <div className="account-item__actions">
            <button
              ref={renameButton}
              type="button"
              className="button button--small"
              aria-describedby={`${id}-name`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </button>
            <button
              type="button"
              className="button button--small button--danger"
              aria-describedby={`${id}-name`}
              onClick={() => {
                setProblem('');
                setConfirming(true);
              }}
            >
              Remove
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove “${passkey.name}”?`}
        description="It will no longer sign you in to this site. Remove it from the device too (in its passkey or password settings), or it will keep offering it."
        confirmLabel="Remove passkey"
        destructive
        pending={remove.isPending}
        pendingLabel="Removing…"
        onConfirm={() =>
          remove.mutate(passkey.id, {
            onSuccess: () => {
              setConfirming(false);
              announce(`Passkey “${passkey.name}” removed.`);
            },
            onError: (err) => {
              setConfirming(false);
              if (refusalReason(err) === RECENT_SIGN_IN_REQUIRED) {
                setProblem('Not removed yet: confirm it’s you below, then remove it.');
                onConfirmNeeded();
                return;
              }
              setProblem(passkeyProblem(err, 'The passkey could not be removed. Please try again.'));
            },
          })
        }
      />
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: (renamed: string | null) => void }) {
  const id = useId();
  const rename = useRenamePasskey();
  const input = useRef<HTMLInputElement>(null);
  // The field the person just asked for.
  useEffect(() => input.current?.focus(), []);
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = nameProblem(name);
    setProblem(invalid);
    if (invalid) return;
    if (name.trim() === passkey.name) {
      onDone(null);
      return;
    }
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: (p) => onDone(p.name),
        onError: (err) => setProblem(passkeyProblem(err, 'The passkey could not be renamed. Please try again.')),
      },
    );
  };

  return (
    <form className="staff-form passkey-rename" noValidate onSubmit={onSubmit}>
      <PasskeyNameField ref={input} id={`${id}-name`} label={`New name for “${passkey.name}”`} value={name} onChange={setName} problem={problem} />
      <div className="account-item__actions">
        <button type="submit" className="button button--primary button--small" disabled={rename.isPending}>
          {rename.isPending ? 'Saving…' : 'Save name'}
        </button>
        <button type="button" className="button button--small" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
