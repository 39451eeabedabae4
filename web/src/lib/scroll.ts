/**
 * The navigation helper of SPEC §2: same-page anchors scroll at once; for
 * another path the app navigates first, then scrolls to the anchor after
 * 100 ms or to the top after 50 ms; a hash in the address is scrolled to
 * 200 ms after load.
 */
export const SCROLL_DELAYS = { anchorAfterNavigate: 100, topAfterNavigate: 50, hashOnLoad: 200 } as const;

/** Scrolls smoothly to the element with this id; false when there is none. */
export function scrollToId(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  if (typeof document === 'undefined') return false;
  const el = document.getElementById(id.replace(/^#/, ''));
  if (!el) return false;
  el.scrollIntoView({ behavior, block: 'start' });
  return true;
}

/** Scrolls to the contact section (the shared scheduling action). */
export function scrollToContact(): boolean {
  return scrollToId('contact');
}

export interface ParsedTarget {
  pathname: string;
  hash: string;
}

/** Splits an in-site link like "/contact#contact" or "#about". */
export function parseTarget(to: string, currentPath: string): ParsedTarget {
  const i = to.indexOf('#');
  const path = i === -1 ? to : to.slice(0, i);
  const hash = i === -1 ? '' : to.slice(i + 1);
  return { pathname: path === '' ? currentPath : path, hash };
}

/**
 * Decides what a click on an in-site link does: `scroll` (same page, with an
 * anchor), or `navigate` then scroll to `hash` after `delay` ms (or to the
 * top when there is no hash).
 */
export function planNavigation(
  to: string,
  currentPath: string,
): { kind: 'scroll'; hash: string } | { kind: 'navigate'; pathname: string; hash: string; delay: number } {
  const t = parseTarget(to, currentPath);
  if (t.pathname === currentPath && t.hash) return { kind: 'scroll', hash: t.hash };
  return {
    kind: 'navigate',
    pathname: t.pathname,
    hash: t.hash,
    delay: t.hash ? SCROLL_DELAYS.anchorAfterNavigate : SCROLL_DELAYS.topAfterNavigate,
  };
}
