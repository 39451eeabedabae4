import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { can, ROLE_INFO, isStaffRole, roleLabel, type StaffAbility } from '@/lib/staff-roles';
import { landingFor } from './tabs';

/** The signed-in person's role, for every tab under the admin shell. */
const RoleContext = createContext('');

export const RoleProvider = RoleContext.Provider;

/** The signed-in person's role ("owner", "editor", "sales"). */
export function useRole(): string {
  return useContext(RoleContext);
}

/** Whether the signed-in person's role includes `ability` (a button or page it cannot use is not shown). */
export function useCan(ability: StaffAbility): boolean {
  return can(useRole(), ability);
}

/**
 * A page that needs `ability`: the page for a role that has it, otherwise
 * NotInYourRole (the address was typed, bookmarked or followed from an
 * older role).
 */
export function RoleGate({ needs, children }: { needs: StaffAbility; children: ReactNode }) {
  return useCan(needs) ? <>{children}</> : <NotInYourRole />;
}

/**
 * What a person sees at an address their role does not include: what the
 * role does include and a link to where it starts, in place of a blank page.
 */
export function NotInYourRole() {
  const role = useRole();
  const landing = landingFor(role);
  return (
    <section className="admin-card admin-refusal" aria-labelledby="admin-refusal-title">
      <h1 id="admin-refusal-title">Not part of your role</h1>
      <p>
        Your role doesn’t include this page.{' '}
        {isStaffRole(role) ? (
          <>
            <strong>{roleLabel(role)}</strong>, your role, covers {ROLE_INFO[role].covers}.
          </>
        ) : (
          'Your account has no role yet.'
        )}
      </p>
      <p>If you need it, ask an owner to change your role.</p>
      <p>
        <Link to={landing.to}>Go to {landing.label}</Link>
      </p>
    </section>
  );
}
