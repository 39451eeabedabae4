// How the Staff tab words a member's state: the status badge, the sign-in
// method, the last sign-in.
import { formatDateTime, parseTimestamp } from '@/components/staff/format';

/** The status badges: what each means, and its look (admin-status--…). */
export const STATUS_INFO: Record<string, { label: string; tone: string; hint: string }> = {
  active: { label: 'Active', tone: 'active', hint: 'Can sign in.' },
  invited: { label: 'Invited', tone: 'invited', hint: 'Has not set a password with their link yet.' },
  disabled: { label: 'Disabled', tone: 'disabled', hint: 'Cannot sign in; their sessions were ended.' },
};

export function statusInfo(status: string): { label: string; tone: string; hint: string } {
  return STATUS_INFO[status] ?? { label: status || 'Unknown', tone: 'unknown', hint: '' };
}

/** The ways of signing in an invitation offers. */
export const SIGN_IN_METHODS = [
  { value: 'google', label: 'Google' },
  { value: 'password', label: 'Password' },
] as const;

export type SignInMethod = (typeof SIGN_IN_METHODS)[number]['value'];

/** "Google" or "Password"; an unknown method as sent. */
export function signInLabel(method: string): string {
  return SIGN_IN_METHODS.find((m) => m.value === method)?.label ?? (method || '—');
}

/** "Nov 22, 2026, 3:04 PM", or "Never" before the first sign-in. */
export function lastSignInText(at: string): string {
  const date = parseTimestamp(at);
  return date ? formatDateTime(date) : 'Never';
}

/** "No passkeys", "1 passkey", "3 passkeys". */
export function passkeysText(count: number): string {
  if (count <= 0) return 'No passkeys';
  return count === 1 ? '1 passkey' : `${count} passkeys`;
}
