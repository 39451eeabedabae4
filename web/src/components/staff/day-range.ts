// Date filters by calendar day ('YYYY-MM-DD', as <input type="date"> gives
// them) read as instants in the browser's time zone: the office's own days.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight of a 'YYYY-MM-DD' in the browser's time zone, or null when there is no such day. */
export function localDay(day: string): Date | null {
  if (!DAY.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** A 'YYYY-MM-DD' that is a real day, or ''. */
export function parseDay(value: string | null | undefined): string {
  return value && localDay(value) ? value : '';
}

/**
 * The instants of a range of days, for an API that takes a start
 * (inclusive) and an end (exclusive): the first day's midnight and the
 * midnight after the last day, each null when its day is not given. A
 * range given backwards is read the right way round.
 */
export function dayRange(fromDay: string, toDay: string): { start: Date | null; end: Date | null } {
  let [from, to] = [fromDay, toDay];
  if (from && to && from > to) [from, to] = [to, from];
  const start = from ? localDay(from) : null;
  const last = to ? localDay(to) : null;
  const end = last ? new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1) : null;
  return { start, end };
}
