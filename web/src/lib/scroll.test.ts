import { describe, expect, it } from 'vitest';
import { parseTarget, planNavigation, SCROLL_DELAYS } from './scroll';

describe('the navigation helper (SPEC §2)', () => {
  it('scrolls to an anchor on the current page', () => {
    expect(planNavigation('/#about', '/')).toEqual({ kind: 'scroll', hash: 'about' });
    expect(planNavigation('#contact', '/tempe')).toEqual({ kind: 'scroll', hash: 'contact' });
  });

  it('navigates to another path, then scrolls to its anchor after 100 ms', () => {
    expect(planNavigation('/contact#contact', '/')).toEqual({ kind: 'navigate', pathname: '/contact', hash: 'contact', delay: 100 });
  });

  it('navigates to another path and goes to the top after 50 ms', () => {
    expect(planNavigation('/resources', '/contact')).toEqual({ kind: 'navigate', pathname: '/resources', hash: '', delay: 50 });
  });

  it('uses SPEC delays, including 200 ms for a hash on load', () => {
    expect(SCROLL_DELAYS).toEqual({ anchorAfterNavigate: 100, topAfterNavigate: 50, hashOnLoad: 200 });
  });

  it('splits targets', () => {
    expect(parseTarget('/#about', '/x')).toEqual({ pathname: '/', hash: 'about' });
    expect(parseTarget('#top', '/x')).toEqual({ pathname: '/x', hash: 'top' });
    expect(parseTarget('/mesa', '/x')).toEqual({ pathname: '/mesa', hash: '' });
  });
});
