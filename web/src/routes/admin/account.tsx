import { AccountPage, useUser } from '@/features/auth';

/**
 * /admin/account: the signed-in person's account (features/auth). The
 * admin guard has already loaded the user, so this reads the cache.
 */
export function AdminAccountRoute() {
  const { data: user } = useUser();
  return <AccountPage username={user?.username ?? ''} role={user?.role ?? ''} signIn={user?.signIn ?? ''} />;
}
