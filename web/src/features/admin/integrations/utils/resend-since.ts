// "Resend since…": a datetime-local input (the browser's local time,
// minutes) turned into the RFC 3339 instant the API takes.

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local input shows it, in the browser's time zone: "2026-11-27T14:05". */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A datetime-local value as the instant it names in the browser's time zone; null for an empty or invalid one. */
export function fromLocalInput(value: string): Date | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  // new Date rolls over impossible dates (Feb 30th): refuse those.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date;
}

/** The default "since": a day before now, whole minutes. */
export function defaultSince(now: Date): string {
  return toLocalInput(new Date(now.getTime() - 24 * 60 * 60 * 1000));
}

/** What is wrong with the chosen time, or null; `now` bounds it (a future time resends nothing). */
export function sinceProblem(value: string, now: Date): string | null {
  const date = fromLocalInput(value);
  if (!date) return 'Enter the date and time to resend from.';
  if (date.getTime() > now.getTime()) return 'Choose a time in the past.';
  return null;
}
