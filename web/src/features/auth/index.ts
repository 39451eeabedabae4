export { useAuthProviders } from './api/get-auth-providers';
export { useUser, userQueryKey, type SessionUser } from './api/get-user';
export { useLogout } from './api/logout';
export { AccountPage } from './components/AccountPage';
export { AuthPage } from './components/AuthPage';
export { ForgotPasswordPage } from './components/ForgotPasswordPage';
export { RequireStaff } from './components/RequireStaff';
export { SetPasswordPage } from './components/SetPasswordPage';
export { SignInPolicy } from './components/SignInPolicy';
