// How long something took, for staff: "14 min", "2 h 14 min", "1 day 3 h".
// Used for first responses and the response-time dashboard, so both read
// alike. Short units, because these sit in dense lines of figures.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A duration in the largest two units that matter: "under a minute",
 * "45 min", "2 h 14 min", "2 h", "1 day 3 h", "3 days". Rounded down to the
 * minute, so "23 h 59 min" never reads as "1 day" before the day is up.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < MINUTE) return 'under a minute';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) {
    const d = days === 1 ? '1 day' : `${days} days`;
    return hours > 0 ? `${d} ${hours} h` : d;
  }
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

/** A figure in minutes as the stats answer gives it (fractions allowed), rounded to the nearest minute. */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return '—';
  return formatDuration(Math.round(minutes) * MINUTE);
}

/** The reply promise in hours when it is whole hours ("24 h"), which is how it is promised. */
export function formatPromise(minutes: number): string {
  return minutes > 0 && minutes % 60 === 0 ? `${minutes / 60} h` : formatMinutes(minutes);
}
