import { useQueryClient } from '@tanstack/react-query';
import { business } from '@/config/business';
import { StaffTab } from '@/features/admin/staff';
import { SignInPolicy, useAuthProviders, useUser, userQueryKey } from '@/features/auth';

/**
 * /admin/staff/*: the Staff tab (features/admin/staff), and below it the
 * owner's sign-in policy (features/auth), with what the tab needs of the
 * sign-in side: the company's Google domain, whether Google sign-in
 * is on, and who is signed in (whose role is read again when they change
 * their own).
 */
export function AdminStaffRoute() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const providers = useAuthProviders();
  return (
    <>
      <StaffTab
        staffDomain={providers.data?.staffDomain || business.host}
        googleAvailable={providers.data?.google ?? false}
        currentUserId={user?.id ?? ''}
        onSelfChanged={() => void queryClient.invalidateQueries({ queryKey: userQueryKey })}
      />
      <SignInPolicy />
    </>
  );
}
