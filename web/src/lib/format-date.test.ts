import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date';

describe('formatLongDate', () => {
  it('writes a US English long date by default, as before issue 40', () => {
    expect(formatLongDate('2025-03-05T17:00:00Z')).toBe('March 5, 2025');
    expect(formatLongDate('2025-03-05T17:00:00Z', 'en')).toBe('March 5, 2025');
  });

  it('writes a Spanish long date on Spanish pages', () => {
    expect(formatLongDate('2025-03-05T17:00:00Z', 'es')).toBe('5 de marzo de 2025');
    expect(formatLongDate('2026-11-10T18:00:00Z', 'es')).toBe('10 de noviembre de 2026');
  });

  it('dates in Phoenix time in both languages (06:30 UTC on 1 January is 31 December there)', () => {
    expect(formatLongDate('2025-01-01T06:30:00Z')).toBe('December 31, 2024');
    expect(formatLongDate('2025-01-01T06:30:00Z', 'es')).toBe('31 de diciembre de 2024');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatLongDate('not a date')).toBe('');
    expect(formatLongDate('not a date', 'es')).toBe('');
  });
});
