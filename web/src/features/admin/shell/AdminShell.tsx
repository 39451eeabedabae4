import { Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { EditModeToggle } from '@/components/staff/EditModeToggle';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { business } from '@/config/business';
import { useLeadCounts } from '../leads/api/get-lead-counts';
import { SessionExpiredNotice } from './SessionExpiredNotice';
import { DocumentHead, NOINDEX } from '@/components/DocumentHead';

/** The admin's sections (SPEC §2 "Admin": Blog Posts, Site Content, Media, Preview; plus the lead inbox). */
export const ADMIN_TABS = [
  { to: '/admin/posts', label: 'Blog Posts' },
  { to: '/admin/content', label: 'Site Content' },
  { to: '/admin/media', label: 'Media' },
  { to: '/admin/preview', label: 'Preview' },
  { to: '/admin/leads', label: 'Leads' },
] as const;

type AdminShellProps = {
  username: string;
  onLogout: () => void;
  loggingOut: boolean;
  /** The current tab (the admin's descendant routes). */
  children: ReactNode;
};

/**
 * The frame of every admin page: the welcome, the edit-mode toggle and
 * logout; the tabs as links (each its own address, so back/forward, deep
 * links and refresh work; NavLink marks the current one aria-current="page");
 * the tab itself, loaded on demand.
 */
export function AdminShell({ username, onLogout, loggingOut, children }: AdminShellProps) {
  return (
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
            Welcome, <strong>{username}</strong>
          </p>
          <div className="admin-header__actions">
            <EditModeToggle />
            <button type="button" className="button" onClick={onLogout} disabled={loggingOut}>
              {loggingOut ? 'Logging out…' : 'Logout'}
            </button>
          </div>
        </div>
        <nav className="admin-tabs" aria-label="Content manager sections">
          <ul>
            {ADMIN_TABS.map((tab) => (
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
