import { describe, expect, it } from 'vitest';
import { countWords, readTimeMinutes } from './word-count';

// The content service's own cases (services/content/internal/content/content_test.go
// TestReadTimeMinutes): the preview's read time must be the one the site will show.
describe('readTimeMinutes, as the content service computes it', () => {
  it('is words / 200 rounded up, at least 1', () => {
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeMinutes('word '.repeat(200))).toBe(1);
    expect(readTimeMinutes('word '.repeat(201))).toBe(2);
  });

  it('does not count markdown punctuation or tags, only their text', () => {
    expect(readTimeMinutes('## Head\n- **bold** item\n'.repeat(500))).toBe(8);
    expect(readTimeMinutes('<p class="x y z">one</p> '.repeat(201))).toBe(2);
  });

  it('keeps contractions and hyphenated words whole', () => {
    expect(countWords("don't re-line it")).toBe(3);
    expect(countWords('it’s 4-8 hours')).toBe(3);
    expect(countWords('<h2>Cost</h2><p>Trenchless costs 30–50% less.</p>')).toBe(6);
    expect(countWords('Señor Über 2026')).toBe(3);
  });
});
