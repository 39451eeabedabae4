import { SetPasswordPage } from '@/features/auth';

/** /admin/set-password#token=…: a one-time link's page (features/auth); outside the admin's guard. */
export function SetPasswordRoute() {
  return <SetPasswordPage />;
}
