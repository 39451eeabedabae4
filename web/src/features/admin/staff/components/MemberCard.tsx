import { useId, useRef, useState } from 'react';
import { Fact, Facts } from '@/components/staff/Facts';
import { formatDate, parseTimestamp } from '@/components/staff/format';
import { errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { roleLabel } from '@/lib/staff-roles';
import { useNewInviteLink } from '../api/new-invite-link';
import type { StaffMember } from '../api/staff-json';
import { lastSignInText, passkeysText, signInLabel, statusInfo } from '../utils/staff-labels';
import { LinkPanel, type ShownLink } from './LinkPanel';
import { AccessButton, RoleControl } from './MemberControls';

type MemberCardProps = {
  member: StaffMember;
  /** This is the signed-in owner's own account. */
  isSelf: boolean;
  /** The set-password link to show once in this card (just made), or null. */
  link: ShownLink | null;
  onLink: (link: ShownLink) => void;
  onLinkDismissed: () => void;
  announce: (message: string) => void;
  /** After a change to the signed-in owner's own account (their role, their access). */
  onSelfChanged: () => void;
};

/** One member: who, their status, how and when they last signed in, and what an owner can change. */
export function MemberCard({ member, isSelf, link, onLink, onLinkDismissed, announce, onSelfChanged }: MemberCardProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState('');
  const status = statusInfo(member.status);
  const added = parseTimestamp(member.createdAt);
  const lastSignIn = parseTimestamp(member.lastSignInAt);
  const newLink = useNewInviteLink();
  const fail = (what: string) => (err: unknown) => setFailure(`${what}: ${serverMessage(err) ?? errorMessage(err)}`);
  const changed = (message: string) => {
    setFailure('');
    announce(message);
    if (isSelf) onSelfChanged();
  };

  const makeLink = () => {
    setFailure('');
    newLink.mutate(member.id, {
      onSuccess: ({ member: m, setPasswordUrl, linkExpiresAt }) =>
        onLink({ memberId: m.id, username: m.username, url: setPasswordUrl, expiresAt: linkExpiresAt }),
      onError: fail('A new link could not be made'),
    });
  };

  return (
    <article
      className={`admin-card staff-card staff-card--${status.tone}`}
      aria-labelledby={`${id}-name`}
      data-member-id={member.id}
      data-testid="staff-member"
    >
      <header className="staff-card__head">
        <h2 id={`${id}-name`} className="staff-card__name" ref={heading} tabIndex={-1}>
          {member.username}
          {isSelf && <span className="staff-card__you"> (you)</span>}
        </h2>
        <span className={`admin-status staff-status--${status.tone}`} title={status.hint}>
          {status.label}
        </span>
      </header>

      {link && (
        <LinkPanel
          shown={link}
          onDismiss={() => {
            onLinkDismissed();
            heading.current?.focus();
          }}
        />
      )}

      <Facts>
        <Fact label="Role">{roleLabel(member.role)}</Fact>
        <Fact label="Signs in with">{signInLabel(member.signIn)}</Fact>
        <Fact label="Last sign-in">
          {lastSignIn ? <time dateTime={member.lastSignInAt}>{lastSignInText(member.lastSignInAt)}</time> : 'Never'}
        </Fact>
        <Fact label="Passkeys">{passkeysText(member.passkeys)}</Fact>
        <Fact label="Added">{added ? <time dateTime={member.createdAt}>{formatDate(added)}</time> : '—'}</Fact>
      </Facts>

      {failure && (
        <div className="staff-alert staff-alert--error staff-card__failure" role="alert">
          {failure}
        </div>
      )}

      <div className="staff-card__actions">
        <RoleControl member={member} isSelf={isSelf} onChanged={changed} onFailed={fail('The role could not be changed')} />
        <div className="staff-card__buttons">
          {member.signIn === 'password' && member.status === 'invited' && (
            <button type="button" className="button button--small" onClick={makeLink} disabled={newLink.isPending}>
              {newLink.isPending ? 'Making a link…' : 'New set-password link'}
              <span className="visually-hidden"> for {member.username}</span>
            </button>
          )}
          {!isSelf && <AccessButton member={member} onChanged={changed} onFailed={fail('The account could not be changed')} />}
        </div>
      </div>
    </article>
  );
}
