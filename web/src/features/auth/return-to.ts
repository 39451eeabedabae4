// Where a sign-in lands: the staff page that sent the browser to /auth (the
// admin guard passes it as router state), so signing in from /admin/leads
// comes back to the leads. Only staff pages qualify: the address comes from
// the browser, and must never lead off the site or out of the staff area.
// The gateway applies the same rule to Google sign-in's ?next=
// (services/gateway/internal/signin AdminPath).

const ADMIN = '/admin';

/** The staff page in router state `{from}` when it is one, else /admin. */
export function returnTo(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' ? adminPath(from) : ADMIN;
}

/** path when it is /admin, /admin/… or /admin?…, with nothing that could leave it; else /admin. */
export function adminPath(path: string): string {
  if (path !== ADMIN && !path.startsWith(`${ADMIN}/`) && !path.startsWith(`${ADMIN}?`)) return ADMIN;
  if (/[\\\r\n\t]/.test(path) || path.includes('//') || path.includes('/../') || path.endsWith('/..') || path.length > 512) {
    return ADMIN;
  }
  return path;
}

/** The Google sign-in address that comes back to `to`. */
export function googleSignInHref(to: string): string {
  return to === ADMIN ? '/auth/google' : `/auth/google?next=${encodeURIComponent(to)}`;
}
