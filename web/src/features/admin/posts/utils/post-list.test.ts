import { describe, expect, it } from 'vitest';
import { countText, listedText, readLanguage, readSort } from './post-list';

describe('readSort', () => {
  it('takes the orders it knows from the address, anything else is newest first', () => {
    expect(readSort('oldest')).toBe('oldest');
    expect(readSort('title')).toBe('title');
    expect(readSort(null)).toBe('newest');
    expect(readSort('TITLE')).toBe('newest');
  });
});

describe('countText', () => {
  it('says how many posts there are and how many match, for the live region', () => {
    expect(countText(4, 4, '')).toBe('4 posts');
    expect(countText(1, 1, ' ')).toBe('1 post');
    expect(countText(2, 4, 'pipe')).toBe('Showing 2 of 4 posts');
    expect(countText(0, 4, ' sewer ')).toBe('No posts match “sewer”');
  });
});

describe('listedText', () => {
  it('says how much of the list is on screen', () => {
    expect(listedText(50, 130)).toBe('50 of 130 posts listed');
    expect(listedText(130, 130)).toBe('All 130 posts listed');
    expect(listedText(1, 1)).toBe('All 1 post listed');
    expect(listedText(50, null)).toBe('50 posts listed');
  });
});

describe('the list in one language (issue 40)', () => {
  it('takes the language from the address (?lang=), anything else is every language', () => {
    expect(readLanguage('es')).toBe('es');
    expect(readLanguage('en')).toBe('en');
    expect(readLanguage(null)).toBe('');
    expect(readLanguage('ES')).toBe('');
  });

  it('says how many posts of that language there are, of all', () => {
    expect(countText(2, 12, '', 'es')).toBe('Showing 2 Spanish posts of 12 posts');
    expect(countText(1, 12, 'raíces', 'es')).toBe('Showing 1 Spanish post matching “raíces” of 12 posts');
    expect(countText(0, 12, '', 'es')).toBe('No Spanish posts');
    expect(countText(0, 12, 'x', 'en')).toBe('No English posts match “x”');
  });
});
