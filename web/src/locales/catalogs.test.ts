import { describe, expect, it } from 'vitest';
import { messages as en } from './en';
import { messages as es } from './es';

// The missing-key test of issue 40 (ADR 0017), on the catalogs as the app
// loads them (compiled by @lingui/vite-plugin). scripts/check-messages.mjs
// also checks that the catalogs hold every message the code uses.
describe('the message catalogs', () => {
  it('have every message in both languages', () => {
    const english = Object.keys(en).sort();
    const spanish = Object.keys(es).sort();
    expect(english.length).toBeGreaterThan(40);
    expect(spanish.filter((id) => !english.includes(id)), 'in Spanish only').toEqual([]);
    expect(english.filter((id) => !spanish.includes(id)), 'in English only').toEqual([]);
  });

  it('say every Spanish message in Spanish, never empty', () => {
    const empty = Object.entries(es).filter(([, m]) => (Array.isArray(m) ? m.length === 0 : String(m).trim() === ''));
    expect(empty.map(([id]) => id)).toEqual([]);
    const same = Object.keys(es).filter((id) => JSON.stringify(es[id]) === JSON.stringify(en[id]));
    // Words the same in both languages (names, "CIPP") are few; most of a catalog left in English is not.
    expect(same.length, `messages the same in both languages: ${same.join(', ')}`).toBeLessThan(Object.keys(es).length / 10);
  });
});
