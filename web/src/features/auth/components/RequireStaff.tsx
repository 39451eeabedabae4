import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { useUser, type SessionUser } from '../api/get-user';

/**
 * The guard of every /admin address (SPEC §6): a spinner while the current
 * user loads; signed out → /auth; signed in without staff rights →
 * /auth?error=access_denied; staff → the page, with the user.
 */
export function RequireStaff({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { data: user, isPending, isError } = useUser();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="staff-page-center">
        <StaffStylesheet />
        <Spinner label="Loading your account…" />
      </div>
    );
  }
  if (isError || !user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  if (!user.isStaff) return <Navigate to="/auth?error=access_denied" replace />;
  return <>{children(user)}</>;
}
