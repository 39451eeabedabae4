import { describe, expect, it } from 'vitest';
import { countText, groupInOrder, listedText, readCategory } from './content-list';

describe('the list’s words', () => {
  it('counts all texts, or the matching ones of all, with thousands separated', () => {
    expect(countText(2053, 2053, false)).toBe('2,053 texts');
    expect(countText(1, 1, false)).toBe('1 text');
    expect(countText(3, 2053, true)).toBe('Showing 3 of 2,053 texts');
    expect(countText(0, 2053, true)).toBe('No texts match');
  });

  it('says how much of the list is on screen', () => {
    expect(listedText(200, 2053)).toBe('200 of 2,053 texts listed');
    expect(listedText(105, 105)).toBe('All 105 texts listed');
  });

  it('reads only the five categories from the address', () => {
    expect(readCategory('about')).toBe('about');
    expect(readCategory('nonsense')).toBe('');
    expect(readCategory(null)).toBe('');
  });
});

describe('groupInOrder', () => {
  const item = (contentKey: string, category: string) => ({ contentKey, category });

  it('keeps the server’s order, a heading where each category starts, an empty category as General', () => {
    const groups = groupInOrder([item('hero.title', 'homepage'), item('Z.first', 'services'), item('a.second', 'services'), item('x', '')]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.contentKey)])).toEqual([
      ['Homepage', ['hero.title']],
      ['Services', ['Z.first', 'a.second']],
      ['General', ['x']],
    ]);
    expect(groupInOrder([])).toEqual([]);
  });
});
