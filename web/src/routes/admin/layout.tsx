import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RoleGate } from '@/features/admin/shell/access';
import { AdminShell } from '@/features/admin/shell/AdminShell';
import { ADMIN_TABS, landingFor, type AdminTab } from '@/features/admin/shell/tabs';
import { RequireStaff, useLogout } from '@/features/auth';

// Each tab is its own chunk, fetched when first opened; each owns the
// addresses under its path with descendant routes.
const TAB_PAGES = {
  '/admin/posts': lazy(async () => ({ default: (await import('./posts')).AdminPostsRoute })),
  '/admin/content': lazy(async () => ({ default: (await import('./content')).AdminContentRoute })),
  '/admin/media': lazy(async () => ({ default: (await import('./media')).AdminMediaRoute })),
  '/admin/preview': lazy(async () => ({ default: (await import('./preview')).AdminPreviewRoute })),
  '/admin/leads': lazy(async () => ({ default: (await import('./leads')).AdminLeadsRoute })),
  '/admin/integrations': lazy(async () => ({ default: (await import('./integrations')).AdminIntegrationsRoute })),
  '/admin/staff': lazy(async () => ({ default: (await import('./staff')).AdminStaffRoute })),
  '/admin/audit': lazy(async () => ({ default: (await import('./audit')).AdminAuditRoute })),
} satisfies Record<AdminTab['to'], ComponentType>;
const AccountPage = lazy(async () => ({ default: (await import('./account')).AdminAccountRoute }));

/**
 * /admin/*: the guard, then the admin frame around the current tab (SPEC §2
 * "Admin", §6). Each tab asks for what its role must include (ADMIN_TABS,
 * issue 39): a role without it sees why instead of the tab, whose code is
 * not loaded.
 * /admin and unknown addresses go to the first tab the role includes.
 * After logout the guard sees no user and sends the browser to /auth.
 */
export function AdminLayoutRoute() {
  const logout = useLogout();
  return (
    <RequireStaff>
      {(user) => {
        const landing = <Navigate to={landingFor(user.role).to} replace />;
        return (
          <AdminShell username={user.username} role={user.role} onLogout={() => logout.mutate()} loggingOut={logout.isPending}>
            <Routes>
              <Route index element={landing} />
              {ADMIN_TABS.map((tab) => {
                const Page = TAB_PAGES[tab.to];
                const page = (
                  <RoleGate needs={tab.needs}>
                    <Page />
                  </RoleGate>
                );
                return <Route key={tab.to} path={`${tab.to.slice('/admin/'.length)}/*`} element={page} />;
              })}
              <Route path="account" element={<AccountPage />} />
              <Route path="*" element={landing} />
            </Routes>
          </AdminShell>
        );
      }}
    </RequireStaff>
  );
}
