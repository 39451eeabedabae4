import { describe, expect, it } from 'vitest';
import { changedFields, contentDifferences, isNewer, readUntil, versionOf } from './content-conflict';

const fields = (content: string, category = 'homepage', description = '') => ({ content, category, description });

describe('versions', () => {
  it('compares the API’s int64 strings as numbers, missing or malformed ones as 0', () => {
    expect(versionOf('12')).toBe(12n);
    expect(versionOf('9007199254740993')).toBe(9007199254740993n);
    expect(versionOf(undefined)).toBe(0n);
    expect(versionOf('')).toBe(0n);
    expect(versionOf('x1')).toBe(0n);
    expect(isNewer('10', '9')).toBe(true);
    expect(isNewer('9', '10')).toBe(false);
    expect(isNewer('3', '3')).toBe(false);
    expect(isNewer('1', undefined)).toBe(true);
  });
});

describe('contentDifferences', () => {
  it('lists only the fields that differ, HTML as its words', () => {
    expect(contentDifferences('html', fields('<p>Same</p>'), fields('<p>Same</p>'))).toEqual([]);
    expect(
      contentDifferences('html', fields('<p>Ben’s <strong>text</strong></p>', 'services', 'Hero'), fields('<p>Ana’s text</p>', 'about', 'Hero ')),
    ).toEqual([
      { label: 'Content', theirs: 'Ben’s text', yours: 'Ana’s text' },
      { label: 'Category', theirs: 'Services', yours: 'About' },
    ]);
  });

  it('says when only the formatting differs, so the row does not look equal', () => {
    expect(contentDifferences('html', fields('<p><em>Fast</em> repairs</p>'), fields('<p>Fast repairs</p>'))).toEqual([
      {
        label: 'Content',
        theirs: 'Fast repairs (same words, different formatting)',
        yours: 'Fast repairs (same words, different formatting)',
      },
    ]);
  });

  it('shows plain text as it is, and an empty description in words', () => {
    expect(contentDifferences('text', fields('a <b>'), fields('a <b>', 'homepage', 'Top of the page'))).toEqual([
      { label: 'Description', theirs: 'No description', yours: 'Top of the page' },
    ]);
    expect(contentDifferences('text', fields('One'), fields('Two'))).toEqual([{ label: 'Content', theirs: 'One', yours: 'Two' }]);
    // An empty category is general.
    expect(contentDifferences('text', fields('x', ''), fields('x', 'general'))).toEqual([]);
  });
});

describe('readUntil', () => {
  it('reads again until the answer is good enough, then stops', async () => {
    const answers = [1, 2, 3, 4];
    let reads = 0;
    await expect(readUntil(async () => answers[reads++]!, (v) => v >= 3, 8, 0)).resolves.toBe(3);
    expect(reads).toBe(3);
  });

  it('gives the last answer after the last try', async () => {
    let reads = 0;
    await expect(readUntil(async () => ++reads, () => false, 3, 0)).resolves.toBe(3);
  });
});

describe('changedFields', () => {
  it('sends only the category and description that differ from the base', () => {
    expect(changedFields(fields('a', 'homepage', 'Top'), fields('b', 'homepage', 'Top'))).toEqual({});
    expect(changedFields(fields('a', 'homepage', 'Top'), fields('a', 'about', ' Top '))).toEqual({ category: 'about' });
    expect(changedFields(fields('a', 'homepage', 'Top'), fields('a', 'homepage', ''))).toEqual({ description: '' });
    // An item without a category is general.
    expect(changedFields(fields('a', ''), fields('a', 'general'))).toEqual({});
  });
});
