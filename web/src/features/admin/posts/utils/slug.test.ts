import { describe, expect, it } from 'vitest';
import { isValidSlug, SLUG_MAX_LENGTH, slugTakenMessage, suggestSlug } from './slug';

describe('suggestSlug', () => {
  it('makes an address from a title', () => {
    expect(suggestSlug('How to Tell If You Have Orangeburg Pipe')).toBe('how-to-tell-if-you-have-orangeburg-pipe');
    expect(suggestSlug('  CIPP vs. Pipe Bursting: Which Is Right?  ')).toBe('cipp-vs-pipe-bursting-which-is-right');
    expect(suggestSlug("Don't Ignore These 5 Warning Signs")).toBe('dont-ignore-these-5-warning-signs');
    expect(suggestSlug('Sewer Lines & Permits — Who’s Responsible?')).toBe('sewer-lines-and-permits-whos-responsible');
    expect(suggestSlug('Señor Über Café Pipes')).toBe('senor-uber-cafe-pipes');
    expect(suggestSlug('!!!')).toBe('');
  });

  it('keeps within 120 characters, cutting between words', () => {
    const long = suggestSlug('Trenchless sewer repair '.repeat(10));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).toMatch(/^trenchless-sewer-repair-.*-(trenchless|sewer|repair)$/);
    expect(isValidSlug(long)).toBe(true);
    const oneWord = suggestSlug('a'.repeat(130));
    expect(oneWord).toBe('a'.repeat(120));
  });

  it('always suggests a valid slug or nothing', () => {
    for (const title of ['Cost Guide 2026', 'x', '--a--b--', 'Ünïcödé — Tïtlé', '50+ Year Lining Life']) {
      const slug = suggestSlug(title);
      expect(slug === '' || isValidSlug(slug), `${title} → ${slug}`).toBe(true);
    }
  });
});

describe('isValidSlug', () => {
  it('follows the server’s rule', () => {
    expect(isValidSlug('cipp-lining-2026')).toBe(true);
    expect(isValidSlug('a'.repeat(120))).toBe(true);
    for (const bad of ['', 'Upper', 'two--hyphens', '-lead', 'trail-', 'under_score', 'sp ace', 'a'.repeat(121), 'é']) {
      expect(isValidSlug(bad), bad).toBe(false);
    }
  });

  it('says a taken slug the way the server does', () => {
    expect(slugTakenMessage('orangeburg-pipe-guide')).toBe('A post with the slug "orangeburg-pipe-guide" already exists. Choose another slug.');
  });
});
