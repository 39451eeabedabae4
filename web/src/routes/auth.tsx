import { AuthPage } from '@/features/auth';

/** /auth: staff sign-in (SPEC §2). Not prerendered: it depends on who is signed in. */
export function AuthRoute() {
  return <AuthPage />;
}
