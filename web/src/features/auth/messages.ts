/** SPEC §8: the alert on /auth?error=access_denied ({host} = the staff domain). */
export function accessDeniedMessage(host: string): string {
  return `Access denied. Only ${host} email addresses are allowed.`;
}

/** Other sign-in failures the gateway reports in ?error=. */
export function authErrorMessage(code: string): string {
  switch (code) {
    case 'google_unavailable':
      return 'Google sign-in is not configured on this server. Use your e-mail and password instead.';
    case 'session_expired':
      return 'Your session has ended. Please sign in again.';
    case 'not_invited':
      return "Your Google account isn't on the staff list yet. Ask an owner of the site to add you on the Staff tab.";
    case 'account_disabled':
      return 'This account is disabled. Ask an owner of the site if you need it back.';
    default:
      return 'Sign-in did not complete. Please try again.';
  }
}
