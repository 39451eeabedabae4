import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/staff/Spinner';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { errorMessage } from '@/lib/api-client';
import { useUser, type SessionUser } from '../api/get-user';

/**
 * The guard of every /admin address (SPEC §6): a spinner while the current
 * user loads; signed out → /auth; signed in without staff rights →
 * /auth?error=access_denied; staff → the page, with the user. When the
 * account could not be checked (a 503 while the database fails over) staff
 * stay where they are, signed in, and the check is tried again.
 */
export function RequireStaff({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { data: user, isPending, isError, error, refetch, isFetching } = useUser();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="staff-page-center">
        <StaffStylesheet />
        <Spinner label="Loading your account…" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="staff-page-center">
        <StaffStylesheet />
        <div className="staff-alert staff-alert--error" role="alert">
          Your account could not be checked: {errorMessage(error)}{' '}
          <button type="button" className="staff-linkbutton" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  if (!user.isStaff) return <Navigate to="/auth?error=access_denied" replace />;
  return <>{children(user)}</>;
}
