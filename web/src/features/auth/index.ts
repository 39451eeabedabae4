export { useUser, userQueryKey, type SessionUser } from './api/get-user';
export { useLogout } from './api/logout';
export { AuthPage } from './components/AuthPage';
export { RequireStaff } from './components/RequireStaff';
