import { useId, useRef, useState } from 'react';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { errorMessage } from '@/lib/api-client';
import { roleLabel } from '@/lib/staff-roles';
import { useInviteStaff } from '../api/invite-staff';
import { useStaff } from '../api/list-staff';
import { InviteForm } from './InviteForm';
import type { ShownLink } from './LinkPanel';
import { MemberCard } from './MemberCard';

export type StaffPageProps = {
  /** The company's Google domain ('' when unknown). */
  staffDomain: string;
  /** Whether this server offers Google sign-in. */
  googleAvailable: boolean;
  /** The signed-in owner's account id: their own card says so and has no Disable. */
  currentUserId: string;
  /** After the signed-in owner changed their own account: their role is read again. */
  onSelfChanged: () => void;
  announce: (message: string) => void;
};

/**
 * /admin/staff: every staff account (owners first, then by e-mail) with
 * its role, status, sign-in method, last sign-in and passkeys, and the
 * form to invite someone. A local account's one-time link is shown once,
 * in its card.
 */
export function StaffPage({ staffDomain, googleAvailable, currentUserId, onSelfChanged, announce }: StaffPageProps) {
  const id = useId();
  const staff = useStaff();
  const invite = useInviteStaff();
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<ShownLink | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const list = staff.data ?? [];

  const closeForm = () => {
    setInviting(false);
    requestAnimationFrame(() => inviteButton.current?.focus());
  };

  return (
    <div className="staff-tab">
      <div className="admin-toolbar">
        <div>
          <h1>Staff</h1>
          <p className="staff-note">Who can sign in to this admin, and what each person’s role lets them do.</p>
        </div>
        <button
          ref={inviteButton}
          type="button"
          className="button button--primary"
          aria-expanded={inviting}
          aria-controls={`${id}-invite`}
          onClick={() => (inviting ? closeForm() : setInviting(true))}
        >
          Invite someone
        </button>
      </div>

      <div id={`${id}-invite`}>
        {inviting && (
          <section className="admin-card staff-invite-card" aria-labelledby={`${id}-invite-title`}>
            <h2 id={`${id}-invite-title`} className="admin-section-title">
              Invite someone
            </h2>
            <InviteForm
              staffDomain={staffDomain}
              googleAvailable={googleAvailable}
              onCancel={closeForm}
              invite={async (input) => {
                const { member, setPasswordUrl, linkExpiresAt } = await invite.mutateAsync(input);
                setInviting(false);
                if (setPasswordUrl) {
                  setLink({ memberId: member.id, username: member.username, url: setPasswordUrl, expiresAt: linkExpiresAt });
                  announce(`${member.username} is invited as ${roleLabel(member.role)}. Copy their set-password link now: it will not be shown again.`);
                } else {
                  announce(`${member.username} is on the staff as ${roleLabel(member.role)} and can sign in with Google.`);
                  requestAnimationFrame(() => inviteButton.current?.focus());
                }
              }}
            />
          </section>
        )}
      </div>

      {staff.isPending ? (
        <Spinner label="Loading the staff…" />
      ) : !staff.data ? (
        <LoadFailedAlert subject="The staff" error={staff.error} onRetry={() => void staff.refetch()} />
      ) : (
        <>
          {staff.error && (
            <div className="staff-alert staff-alert--error" role="alert">
              The staff could not be refreshed: {errorMessage(staff.error)}
            </div>
          )}
          <ul className="admin-cards" role="list" aria-label="Staff accounts, owners first">
            {list.map((member) => (
              <li key={member.id}>
                <MemberCard
                  member={member}
                  isSelf={member.id === currentUserId}
                  link={link?.memberId === member.id ? link : null}
                  onLink={setLink}
                  onLinkDismissed={() => setLink(null)}
                  announce={announce}
                  onSelfChanged={onSelfChanged}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
