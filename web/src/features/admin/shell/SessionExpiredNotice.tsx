import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';

/**
 * When a staff call answers 401 (the session expired in the middle of
 * editing), this says so where the person is looking and keeps them on the
 * page: the form and its unsaved changes stay, and signing in again in
 * another tab lets them save. Redirecting to /auth instead would lose the
 * work.
 */
export function SessionExpiredNotice() {
  const queryClient = useQueryClient();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const is401 = (err: unknown) => err instanceof ApiError && err.status === 401;
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { status, error } = event.mutation.state;
      if (status === 'error' && is401(error)) setExpired(true);
      if (status === 'success') setExpired(false);
    });
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { status, error } = event.query.state;
      if (status === 'error' && is401(error)) setExpired(true);
    });
    return () => {
      offMutations();
      offQueries();
    };
  }, [queryClient]);
  if (!expired) return null;
  return (
    <div className="staff-alert staff-alert--error admin-session" role="alert">
      <strong>Your session has expired.</strong> Nothing was saved. Your changes are still on this page:{' '}
      <a href="/auth" target="_blank" rel="noopener">
        sign in again in a new tab
      </a>
      , then come back here and save again.{' '}
      <button type="button" className="staff-linkbutton" onClick={() => setExpired(false)}>
        Dismiss
      </button>
    </div>
  );
}
