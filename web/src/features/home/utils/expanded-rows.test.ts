import { describe, expect, it } from 'vitest';
import { toggleExpanded } from './expanded-rows';

describe('toggleExpanded', () => {
  it('expands a collapsed row and collapses an expanded one, leaving others alone', () => {
    const one = toggleExpanded(new Set(), 'arcadia');
    expect([...one]).toEqual(['arcadia']);
    const two = toggleExpanded(one, 'south-scottsdale');
    expect([...two].sort()).toEqual(['arcadia', 'south-scottsdale']);
    expect([...toggleExpanded(two, 'arcadia')]).toEqual(['south-scottsdale']);
  });

  it('does not change the set it was given', () => {
    const start = new Set(['arcadia']);
    toggleExpanded(start, 'arcadia');
    expect([...start]).toEqual(['arcadia']);
  });
});
