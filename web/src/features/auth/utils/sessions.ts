import { formatDate, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import type { AccountSession } from '../api/sessions';

/** "Chrome on macOS", as far as the browser said; a script or a browser the gateway does not know is "An unknown browser". */
export function sessionName(s: Pick<AccountSession, 'browser' | 'os'>): string {
  if (s.browser && s.os) return `${s.browser} on ${s.os}`;
  if (s.browser) return s.browser;
  if (s.os) return `A browser on ${s.os}`;
  return 'An unknown browser';
}

const METHODS: Record<string, string> = {
  password: 'a password',
  google: 'Google',
  passkey: 'a passkey',
  link: 'a set-password link',
  registration: 'registration',
};

/**
 * What the list says of a session under its name: how and when it signed
 * in and when it was last active ("Signed in with a passkey on Nov 27,
 * 2026 · Active 5 minutes ago"); this browser is active now.
 */
export function sessionFacts(s: AccountSession, now: Date): string {
  const created = parseTimestamp(s.createdAt);
  const active = parseTimestamp(s.lastActiveAt);
  const how = METHODS[s.method];
  const signedIn = [how ? `Signed in with ${how}` : 'Signed in', created ? `on ${formatDate(created)}` : ''].filter(Boolean).join(' ');
  const activity = s.current ? 'Active now' : active ? `Active ${formatRelativeTime(active, now)}` : '';
  return [signedIn, activity].filter(Boolean).join(' · ');
}

/** This browser first, then the others as the gateway ordered them (the most recently active first). */
export function currentFirst(list: AccountSession[]): AccountSession[] {
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}
