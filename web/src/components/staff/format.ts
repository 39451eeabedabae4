// How the staff area writes sizes and times: one place, so the media
// library, the lead inbox and the content list read alike.

const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A byte count for people: "512 B", "1.5 KB", "4.8 MB", "12 MB". Binary
 * units, as the upload limit is stated (5 MB = 5 × 1024 × 1024 bytes);
 * one decimal below 10, none above; a trailing ".0" is dropped. Accepts the
 * API's int64-as-string.
 */
export function formatBytes(bytes: number | string): string {
  const n = typeof bytes === 'string' ? Number(bytes) : bytes;
  if (!Number.isFinite(n) || n < 0) return '—';
  if (n < 1024) return `${Math.round(n)} B`;
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  // 1023.6 KB rounds to "1024 KB": say "1 MB" instead.
  if (shown === '1024' && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${shown} ${UNITS[unit]}`;
}

/** A parsed API timestamp (RFC 3339), or null for an empty or invalid one. */
export function parseTimestamp(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Nov 22, 2026, 3:04 PM" in the browser's time zone (or the one given, for tests). */
export function formatDateTime(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** "Nov 22, 2026" in the browser's time zone (or the one given). */
export function formatDate(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * "just now", "5 minutes ago", "in 3 hours", "yesterday", "2 weeks ago":
 * the largest unit that fits, rounded down, so "59 minutes ago" never
 * becomes "1 hour ago" early.
 */
export function formatRelativeTime(date: Date, now: Date): string {
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  if (abs < 45_000) return 'just now';
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [365 * DAY, 'year'],
    [30 * DAY, 'month'],
    [7 * DAY, 'week'],
    [DAY, 'day'],
    [HOUR, 'hour'],
    [MINUTE, 'minute'],
  ];
  for (const [size, unit] of steps) {
    if (abs >= size) return relative.format(sign * Math.floor(abs / size), unit);
  }
  return relative.format(sign, 'minute');
}
