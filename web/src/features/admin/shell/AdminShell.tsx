import { Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { EditModeToggle } from '@/components/staff/EditModeToggle';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { business } from '@/config/business';
import { can, roleLabel } from '@/lib/staff-roles';
import { useLeadCounts } from '../leads/api/get-lead-counts';
import { RoleProvider } from './access';
import { SessionExpiredNotice } from './SessionExpiredNotice';
import { tabsFor } from './tabs';
import { DocumentHead, NOINDEX } from '@/components/DocumentHead';

type AdminShellProps = {
  username: string;
  /** The person's role (GET /api/user): which tabs, buttons and switches they see. */
  role: string;
  onLogout: () => void;
  loggingOut: boolean;
  /** The current tab (the admin's descendant routes). */
  children: ReactNode;
};

/**
 * The frame of every admin page: the welcome with the person's role, the
 * edit-mode toggle (for roles that edit content), their account and
 * logout; the tabs their role includes as links (each its own address, so
 * back/forward, deep links and refresh work; NavLink marks the current one
 * aria-current="page"); the tab itself, loaded on demand, which reads the
 * role from RoleProvider.
 */
export function AdminShell({ username, role, onLogout, loggingOut, children }: AdminShellProps) {
  return (
    <RoleProvider value={role}>
      <div className="admin">
        <StaffStylesheet />
        <DocumentHead title={`Content manager | ${business.companyName}`} meta={NOINDEX} />
        <a href="#admin-main" className="skip-link">
          Skip to content
        </a>
        <header className="admin-header">
          <div className="admin-header__inner">
            <Link to="/" className="admin-header__brand">
              {business.companyName}
            </Link>
            <p className="admin-header__welcome">
              Welcome, <strong>{username}</strong> <span className="admin-header__role">({roleLabel(role)})</span>
            </p>
            <div className="admin-header__actions">
              {can(role, 'editContent') && <EditModeToggle />}
              <NavLink to="/admin/account" className="admin-header__account">
                Your account
              </NavLink>
              <button type="button" className="button" onClick={onLogout} disabled={loggingOut}>
                {loggingOut ? 'Logging out…' : 'Logout'}
              </button>
            </div>
          </div>
          <nav className="admin-tabs" aria-label="Content manager sections">
            <ul>
              {tabsFor(role).map((tab) => (
                <li key={tab.to}>
                  <NavLink to={tab.to} className="admin-tabs__link">
                    {tab.label}
                    {tab.to === '/admin/leads' && <LeadsBadge />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <SessionExpiredNotice />
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        </main>
      </div>
    </RoleProvider>
  );
}

/** Unread and overdue lead counts on the Leads tab. */
function LeadsBadge() {
  const { data } = useLeadCounts();
  if (!data || (data.unread === 0 && data.overdue === 0)) return null;
  return (
    <span className="admin-tabs__counts">
      <span className="admin-badge" title="Unread leads">
        {data.unread}
        <span className="visually-hidden"> unread</span>
      </span>
      {data.overdue > 0 && (
        <span className="admin-badge admin-badge--danger" title="Awaiting a first response past the 24-hour reply promise">
          {data.overdue}
          <span className="visually-hidden"> overdue</span>
        </span>
      )}
    </span>
  );
}
