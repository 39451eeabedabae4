import { useId } from 'react';
import { Fact, Facts } from '@/components/staff/Facts';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { isStaffRole, ROLE_INFO, roleLabel } from '@/lib/staff-roles';
import accountCss from './account.css?url';
import { ChangePasswordSection } from './ChangePasswordSection';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';

type AccountPageProps = { username: string; role: string; signIn?: string };

/**
 * /admin/account, for every staff role: who is signed in and with which
 * role, then one section (an .account-section card) per thing a person
 * manages about their own sign-in.
 */
export function AccountPage({ username, role, signIn }: AccountPageProps) {
  return (
    <div className="account-page">
      <StaffStylesheet href={accountCss} />
      <h1 className="account-page__title">Your account</h1>
      <AccountDetails username={username} role={role} />
      {/* A Google account has no password here to change. */}
      {signIn !== 'google' && <ChangePasswordSection />}
      <PasskeysSection signIn={signIn} />
      <SessionsSection />
    </div>
  );
}

/** The e-mail the person signs in with and their role, with what it covers. */
function AccountDetails({ username, role }: AccountPageProps) {
  const id = useId();
  return (
    <section className="admin-card account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Signed in as
      </h2>
      <Facts>
        <Fact label="E-mail">{username}</Fact>
        <Fact label="Role">
          <strong>{roleLabel(role)}</strong>
          {isStaffRole(role) && <span className="staff-fact__more">{ROLE_INFO[role].description}</span>}
        </Fact>
      </Facts>
      <p className="staff-note">Only an owner can change a role, on the Staff tab.</p>
    </section>
  );
}
