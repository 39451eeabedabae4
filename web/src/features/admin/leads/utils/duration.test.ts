import { describe, expect, it } from 'vitest';
import { formatDuration, formatMinutes, formatPromise } from './duration';

const min = 60_000;

describe('durations for staff', () => {
  it('uses the two largest units, rounded down to the minute', () => {
    expect(formatDuration(20_000)).toBe('under a minute');
    expect(formatDuration(1 * min)).toBe('1 min');
    expect(formatDuration(45 * min + 59_000)).toBe('45 min');
    expect(formatDuration(134 * min)).toBe('2 h 14 min');
    expect(formatDuration(120 * min)).toBe('2 h');
    expect(formatDuration(24 * 60 * min - 1)).toBe('23 h 59 min');
    expect(formatDuration(24 * 60 * min)).toBe('1 day');
    expect(formatDuration(27 * 60 * min + 30 * min)).toBe('1 day 3 h');
    expect(formatDuration(3 * 24 * 60 * min)).toBe('3 days');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });

  it('reads the stats’ minutes, fractions rounded', () => {
    expect(formatMinutes(72)).toBe('1 h 12 min');
    expect(formatMinutes(539.6)).toBe('9 h');
    expect(formatMinutes(0.2)).toBe('under a minute');
    expect(formatPromise(1440)).toBe('24 h');
    expect(formatPromise(90)).toBe('1 h 30 min');
  });
});
