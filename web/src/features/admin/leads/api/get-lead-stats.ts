import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { GetLeadStatsResponseJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { ResponseTimes, WeeklyCount } from '../utils/stats';

/** Weeks of leads per week on the dashboard. */
export const STATS_WEEKS = 12;

export type LeadStats = {
  lastWeek: ResponseTimes;
  lastMonth: ResponseTimes;
  byCity: WeeklyCount[];
  bySource: WeeklyCount[];
  promiseMinutes: number;
};

export const leadStatsQueryKey = ['/api/contact-submissions', 'stats', { weeks: STATS_WEEKS }] as const;

/** The stats read: refreshed whenever a lead arrives or changes. */
export function isLeadStatsKey(key: QueryKey): boolean {
  return key[0] === leadStatsQueryKey[0] && key[1] === leadStatsQueryKey[1];
}

/** A double of proto JSON: a number, or "NaN"/"Infinity" as text; anything not a finite number is 0. */
function finite(value: number | string | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

function times(t: GetLeadStatsResponseJson['lastWeek']): ResponseTimes {
  return {
    leads: t?.leads ?? 0,
    responded: t?.responded ?? 0,
    withinPromise: t?.withinPromise ?? 0,
    medianMinutes: finite(t?.medianMinutes),
    p90Minutes: finite(t?.p90Minutes),
    awaiting: t?.awaiting ?? 0,
    overdue: t?.overdue ?? 0,
  };
}

function weekly(counts: GetLeadStatsResponseJson['byCity']): WeeklyCount[] {
  return (counts ?? []).map((c) => ({ weekStart: c.weekStart ?? '', key: c.key ?? '', count: c.count ?? 0 }));
}

/** GET /api/contact-submissions/stats?weeks=12: response times against the promise, and leads per week. */
export async function getLeadStats(signal?: AbortSignal): Promise<LeadStats> {
  const stats = await apiGet<GetLeadStatsResponseJson>(queryKeyToPath(leadStatsQueryKey), { signal });
  return {
    lastWeek: times(stats.lastWeek),
    lastMonth: times(stats.lastMonth),
    byCity: weekly(stats.byCity),
    bySource: weekly(stats.bySource),
    promiseMinutes: stats.promiseMinutes || 1440,
  };
}

export const getLeadStatsQueryOptions = () =>
  queryOptions({ queryKey: leadStatsQueryKey, queryFn: ({ signal }) => getLeadStats(signal) });

export function useLeadStats() {
  return useQuery(getLeadStatsQueryOptions());
}
