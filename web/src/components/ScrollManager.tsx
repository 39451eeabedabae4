import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_DELAYS, scrollToId } from '@/lib/scroll';

/**
 * SPEC §2: any hash in the address is scrolled to 200 ms after load; on
 * every route change the view goes to the top, or to the hash target if
 * there is one. (Links handled by SmartLink scroll themselves.)
 */
export function ScrollManager() {
  const location = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (location.hash) {
        const t = window.setTimeout(() => scrollToId(location.hash), SCROLL_DELAYS.hashOnLoad);
        return () => window.clearTimeout(t);
      }
      return;
    }
    const state = location.state as { scrolled?: string } | null;
    if (state?.scrolled === 'by-link') return;
    if (location.hash && scrollToId(location.hash)) return;
    window.scrollTo({ top: 0 });
    return;
  }, [location]);

  return null;
}
