import { ForgotPasswordPage } from '@/features/auth';

/** /admin/forgot-password: ask for a password reset link by e-mail (features/auth); outside the admin's guard. */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
