// The response-time dashboard's figures, read for people: one line per
// period against the reply promise, and the weekly counts as a table of
// weeks × the busiest cities or sources.
import { parseTimestamp } from '@/components/staff/format';
import { formatMinutes, formatPromise } from './duration';

export type ResponseTimes = {
  leads: number;
  responded: number;
  withinPromise: number;
  medianMinutes: number;
  p90Minutes: number;
  awaiting: number;
  overdue: number;
};

export type WeeklyCount = { weekStart: string; key: string; count: number };

/** "Median 1 h 12 min · 90% within 9 h · 37 of 40 answered within 24 h". */
export function responseSummary(t: ResponseTimes, promiseMinutes: number): string {
  if (t.leads === 0) return 'No leads arrived in this period.';
  const parts: string[] = [];
  if (t.responded > 0) {
    parts.push(`Median ${formatMinutes(t.medianMinutes)}`, `90% within ${formatMinutes(t.p90Minutes)}`);
  } else {
    parts.push('None answered yet');
  }
  parts.push(`${t.withinPromise} of ${t.leads} answered within ${formatPromise(promiseMinutes)}`);
  return parts.join(' · ');
}

/** "3 awaiting a first response, 1 of them overdue"; null when none await. */
export function awaitingSummary(t: ResponseTimes): string | null {
  if (t.awaiting === 0) return null;
  const overdue = t.overdue === 0 ? 'none overdue' : `${t.overdue} of them overdue`;
  return `${t.awaiting} awaiting a first response, ${overdue}`;
}

/** Phoenix keeps UTC−7 all year (no daylight saving time): the server's weeks begin Monday 00:00 there. */
const PHOENIX_OFFSET_MS = 7 * 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The start of the Phoenix week (Monday 00:00) that holds `date`. */
export function phoenixWeekStart(date: Date): Date {
  const local = new Date(date.getTime() - PHOENIX_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday);
  return new Date(midnight + PHOENIX_OFFSET_MS);
}

export type WeeklyTable = {
  /** The busiest keys, most leads first (ties by name), at most `columns`. */
  keys: string[];
  /** Whether an "Other" column adds up the rest. */
  hasOther: boolean;
  /** Newest week first: every week of the period, empty ones too. */
  rows: { weekStart: Date; counts: number[]; other: number; total: number }[];
  /** The largest weekly total (for the bars' scale), at least 1. */
  max: number;
};

/**
 * The weeks × keys table of a period of `weeks` weeks ending with the week
 * of `now`. Weeks the server did not send (no leads) are rows of zeros;
 * keys past the busiest `columns` are summed as "Other".
 */
export function weeklyTable(counts: readonly WeeklyCount[], now: Date, weeks: number, columns = 5): WeeklyTable {
  const current = phoenixWeekStart(now).getTime();
  const starts = new Set<number>();
  for (let i = 0; i < weeks; i++) starts.add(current - i * WEEK_MS);
  const totals = new Map<string, number>();
  const cells = new Map<string, number>();
  for (const c of counts) {
    const at = parseTimestamp(c.weekStart);
    if (!at || c.count <= 0) continue;
    starts.add(at.getTime());
    totals.set(c.key, (totals.get(c.key) ?? 0) + c.count);
    cells.set(`${at.getTime()} ${c.key}`, (cells.get(`${at.getTime()} ${c.key}`) ?? 0) + c.count);
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  const keys = ranked.slice(0, columns);
  const rest = ranked.slice(columns);
  const rows = [...starts]
    .sort((a, b) => b - a)
    .map((start) => {
      const at = (key: string) => cells.get(`${start} ${key}`) ?? 0;
      const shown = keys.map(at);
      const other = rest.reduce((sum, key) => sum + at(key), 0);
      return { weekStart: new Date(start), counts: shown, other, total: shown.reduce((a, b) => a + b, 0) + other };
    });
  return { keys, hasOther: rest.length > 0, rows, max: Math.max(1, ...rows.map((r) => r.total)) };
}
