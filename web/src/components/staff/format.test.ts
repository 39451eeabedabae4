import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatRelativeTime, parseTimestamp } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [1023.6 * 1024, '1 MB'],
    [5 * 1024 * 1024, '5 MB'],
    [4.84 * 1024 * 1024, '4.8 MB'],
    [12.4 * 1024 * 1024, '12 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%d bytes → %s', (bytes, want) => {
    expect(formatBytes(bytes)).toBe(want);
  });

  it('reads the API’s int64 as a string and refuses nonsense', () => {
    expect(formatBytes('2097152')).toBe('2 MB');
    expect(formatBytes('')).toBe('0 B');
    expect(formatBytes('abc')).toBe('—');
    expect(formatBytes(-1)).toBe('—');
  });
});

describe('timestamps', () => {
  it('parses RFC 3339 and gives null for empty or invalid values', () => {
    expect(parseTimestamp('2026-11-22T15:04:05Z')?.toISOString()).toBe('2026-11-22T15:04:05.000Z');
    expect(parseTimestamp('')).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp('yesterday')).toBeNull();
  });

  it('formats dates in the given time zone', () => {
    const d = new Date('2026-11-22T22:04:05Z');
    expect(formatDateTime(d, 'America/Phoenix')).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatDate(d, 'America/Phoenix')).toBe('Nov 22, 2026');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  it.each([
    [ago(10_000), 'just now'],
    [ago(50_000), '1 minute ago'],
    [ago(59 * MIN), '59 minutes ago'],
    [ago(60 * MIN), '1 hour ago'],
    [ago(23 * 60 * MIN + 59 * MIN), '23 hours ago'],
    [ago(24 * 60 * MIN), 'yesterday'],
    [ago(3 * 24 * 60 * MIN), '3 days ago'],
    [ago(15 * 24 * 60 * MIN), '2 weeks ago'],
    [ago(400 * 24 * 60 * MIN), 'last year'],
    [new Date(now.getTime() + 5 * 60 * MIN), 'in 5 hours'],
  ])('%s → %s', (date, want) => {
    expect(formatRelativeTime(date, now)).toBe(want);
  });
});
