import { AdminShell } from '@/features/admin/shell/AdminShell';
import { RequireStaff, useLogout } from '@/features/auth';

/**
 * /admin/*: the guard, then the admin frame around the current tab (SPEC §2
 * "Admin", §6). After logout the guard sees no user and sends the browser to
 * /auth.
 */
export function AdminLayoutRoute() {
  const logout = useLogout();
  return (
    <RequireStaff>
      {(user) => <AdminShell username={user.username} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />}
    </RequireStaff>
  );
}
