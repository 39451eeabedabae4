import { useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { ROLE_INFO, roleLabel, STAFF_ROLES } from '@/lib/staff-roles';
import type { StaffMember } from '../api/staff-json';
import { useUpdateStaff } from '../api/update-staff';

type ControlProps = {
  member: StaffMember;
  /** Said in the tab's live region once the change is stored. */
  onChanged: (message: string) => void;
  onFailed: (err: unknown) => void;
};

/**
 * A member's role: a select and Change role. Giving up one's own owner
 * role asks first (the Staff tab goes with it). The server refuses to
 * demote the last active owner and says why.
 */
export function RoleControl({ member, isSelf, onChanged, onFailed }: ControlProps & { isSelf: boolean }) {
  const id = useId();
  const update = useUpdateStaff();
  const [role, setRole] = useState(member.role);
  const [asking, setAsking] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  // A role changed elsewhere (another owner, a refetch) resets the choice.
  const [stored, setStored] = useState(member.role);
  if (stored !== member.role) {
    setStored(member.role);
    setRole(member.role);
  }
  const unchanged = role === member.role;

  const save = () =>
    update.mutate(
      { id: member.id, change: { role } },
      {
        onSuccess: (m) => {
          onChanged(`${m.username} is now ${roleLabel(m.role)}.`);
          // Change role is off again (nothing to change): the keyboard carries on from the select.
          select.current?.focus();
        },
        onError: onFailed,
        onSettled: () => setAsking(false),
      },
    );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (unchanged || update.isPending) return;
    if (isSelf && member.role === 'owner') setAsking(true);
    else save();
  };

  return (
    <form className="staff-role" onSubmit={onSubmit}>
      <div className="staff-field">
        <label htmlFor={`${id}-role`}>
          Role<span className="visually-hidden"> of {member.username}</span>
        </label>
        <div className="staff-role__row">
          <select ref={select} id={`${id}-role`} value={role} onChange={(e) => setRole(e.currentTarget.value)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_INFO[r].label}
              </option>
            ))}
            {!STAFF_ROLES.some((r) => r === member.role) && <option value={member.role}>{roleLabel(member.role)}</option>}
          </select>
          {/* Busy, not disabled, while it is sent: a disabled button would drop the focus. */}
          <button type="submit" className="button button--small" disabled={unchanged} aria-disabled={update.isPending || undefined}>
            {update.isPending ? 'Changing…' : 'Change role'}
            <span className="visually-hidden"> of {member.username}</span>
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Make yourself ${roleLabel(role)}?`}
        description={
          <p>
            You will no longer be an owner: the Staff and Integrations tabs go, and only another owner can make you one again.
          </p>
        }
        confirmLabel={`Make me ${roleLabel(role)}`}
        pendingLabel="Changing…"
        destructive
        pending={update.isPending}
        onConfirm={save}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          select.current?.focus();
        }}
      />
    </form>
  );
}

/**
 * Disable (after asking: it ends the person's sessions at once) or enable
 * the account again.
 */
export function AccessButton({ member, onChanged, onFailed }: ControlProps) {
  const update = useUpdateStaff();
  const [asking, setAsking] = useState(false);
  const disabled = member.status === 'disabled';

  const setDisabled = (next: boolean) =>
    update.mutate(
      { id: member.id, change: { disabled: next } },
      {
        onSuccess: (m) =>
          onChanged(next ? `${m.username} is disabled and signed out everywhere.` : `${m.username} can sign in again.`),
        onError: onFailed,
        onSettled: () => setAsking(false),
      },
    );

  // One button whose words change, never disabled while busy: the focus stays on it throughout.
  return (
    <>
      <button
        type="button"
        className={disabled ? 'button button--small' : 'button button--small button--danger'}
        onClick={() => {
          if (update.isPending) return;
          if (disabled) setDisabled(false);
          else setAsking(true);
        }}
        aria-disabled={update.isPending || undefined}
      >
        {disabled ? (update.isPending ? 'Enabling…' : 'Enable again') : 'Disable'}
        <span className="visually-hidden"> {member.username}</span>
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Disable ${member.username}?`}
        description={
          <p>
            They can no longer sign in, and it ends their sessions at once: a page they have open stops working on its next
            request. You can enable the account again later.
          </p>
        }
        confirmLabel="Disable account"
        pendingLabel="Disabling…"
        destructive
        pending={update.isPending}
        onConfirm={() => setDisabled(true)}
      />
    </>
  );
}
