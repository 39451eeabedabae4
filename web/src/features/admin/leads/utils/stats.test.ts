import { describe, expect, it } from 'vitest';
import { awaitingSummary, phoenixWeekStart, responseSummary, weeklyTable } from './stats';

const times = { leads: 40, responded: 38, withinPromise: 37, medianMinutes: 72, p90Minutes: 540, awaiting: 2, overdue: 1 };

describe('response times', () => {
  it('says the period in one line against the promise', () => {
    expect(responseSummary(times, 1440)).toBe('Median 1 h 12 min · 90% within 9 h · 37 of 40 answered within 24 h');
    expect(responseSummary({ ...times, responded: 0, withinPromise: 0 }, 1440)).toBe('None answered yet · 0 of 40 answered within 24 h');
    expect(responseSummary({ ...times, leads: 0 }, 1440)).toBe('No leads arrived in this period.');
    expect(awaitingSummary(times)).toBe('2 awaiting a first response, 1 of them overdue');
    expect(awaitingSummary({ ...times, overdue: 0 })).toBe('2 awaiting a first response, none overdue');
    expect(awaitingSummary({ ...times, awaiting: 0 })).toBeNull();
  });
});

describe('leads per week', () => {
  it('finds the Monday 00:00 Phoenix time of a week', () => {
    // Wednesday Nov 25, 2026, 10:00 Phoenix = 17:00 UTC.
    expect(phoenixWeekStart(new Date('2026-11-25T17:00:00Z')).toISOString()).toBe('2026-11-23T07:00:00.000Z');
    // Monday 06:59 UTC is still Sunday in Phoenix: the week before.
    expect(phoenixWeekStart(new Date('2026-11-23T06:59:00Z')).toISOString()).toBe('2026-11-16T07:00:00.000Z');
    expect(phoenixWeekStart(new Date('2026-11-23T07:00:00Z')).toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });

  it('lays the counts out newest week first, busiest keys across, the rest as Other', () => {
    const now = new Date('2026-11-25T17:00:00Z');
    const table = weeklyTable(
      [
        { weekStart: '2026-11-16T07:00:00Z', key: 'phoenix', count: 3 },
        { weekStart: '2026-11-16T07:00:00Z', key: 'mesa', count: 1 },
        { weekStart: '2026-11-23T07:00:00Z', key: 'mesa', count: 2 },
        { weekStart: '2026-11-23T07:00:00Z', key: 'tempe', count: 1 },
        { weekStart: '2026-11-09T07:00:00Z', key: 'Cave Creek', count: 1 },
      ],
      now,
      3,
      2,
    );
    expect(table.keys).toEqual(['mesa', 'phoenix']);
    expect(table.hasOther).toBe(true);
    expect(table.max).toBe(4);
    expect(table.rows.map((r) => [r.weekStart.toISOString().slice(0, 10), r.counts, r.other, r.total])).toEqual([
      ['2026-11-23', [2, 0], 1, 3],
      ['2026-11-16', [1, 3], 0, 4],
      ['2026-11-09', [0, 0], 1, 1],
    ]);
  });

  it('shows every week of the period, even without leads', () => {
    const table = weeklyTable([], new Date('2026-11-25T17:00:00Z'), 12);
    expect(table.rows).toHaveLength(12);
    expect(table.keys).toEqual([]);
    expect(table.max).toBe(1);
    expect(table.rows.every((r) => r.total === 0)).toBe(true);
  });
});
