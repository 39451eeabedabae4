// Where a sign-in lands: the staff page that sent the browser to /auth (the
// admin guard passes it as router state), so signing in from /admin/leads
// comes back to the leads. Only staff pages qualify: the address comes from
// the browser, and must never lead off the site or out of the staff area.
// It is resolved as the browser will resolve it (lib/site-path: %2e%2e is
// "..", a backslash a slash) before it is checked, so "/admin/%2e%2e/blog"
// is /blog, and refused. The gateway applies the same rule to Google
// sign-in's ?next= (services/gateway/internal/signin AdminPath).

import { sitePath, stripInvisible } from '@/lib/site-path';

const ADMIN = '/admin';

/** The staff page in router state `{from}` when it is one, else /admin. */
export function returnTo(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' ? adminPath(from) : ADMIN;
}

/**
 * path resolved against the site's origin when it is /admin, /admin/… or
 * /admin?… after resolving (with no empty segment); else /admin. Control
 * characters and whitespace, which a browser would drop, make it /admin too.
 */
export function adminPath(path: string, origin?: string): string {
  if (path.length > 512 || stripInvisible(path) !== path) return ADMIN;
  const resolved = sitePath(path, origin);
  if (resolved === null) return ADMIN;
  const pathname = resolved.replace(/[?#].*$/, '');
  const staffPage = pathname === ADMIN || (pathname.startsWith(`${ADMIN}/`) && !pathname.includes('//'));
  return staffPage ? resolved : ADMIN;
}

/** The Google sign-in address that comes back to `to`. */
export function googleSignInHref(to: string): string {
  return to === ADMIN ? '/auth/google' : `/auth/google?next=${encodeURIComponent(to)}`;
}
