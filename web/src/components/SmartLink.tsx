import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocalize } from '@/i18n/use-locale';
import { planNavigation, scrollToId } from '@/lib/scroll';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  children: ReactNode;
  /** Runs after the navigation was planned (e.g. to close a drawer). */
  onNavigate?: () => void;
};

/**
 * An in-site link that follows SPEC §2's navigation helper: an anchor on the
 * current page is scrolled to; another path is navigated to and then
 * scrolled to its anchor after 100 ms, or to the top after 50 ms. It is a
 * real <a href>, so it works without JavaScript and in a new tab. A site
 * path is put in the page's language: '/contact' is '/es/contact' on a
 * Spanish page (issue 40).
 */
export function SmartLink({ to: path, children, onNavigate, onClick, ...rest }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const to = useLocalize()(path);

  function handle(e: MouseEvent<HTMLAnchorElement>) {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const plan = planNavigation(to, location.pathname);
    onNavigate?.();
    if (plan.kind === 'scroll') {
      scrollToId(plan.hash);
      return;
    }
    navigate(plan.pathname + (plan.hash ? `#${plan.hash}` : ''), { state: { scrolled: 'by-link' } });
    window.setTimeout(() => {
      if (!plan.hash) {
        window.scrollTo({ top: 0 });
        return;
      }
      // The new page may still be rendering (router transitions): retry
      // for up to a second until the anchor exists.
      let tries = 0;
      const attempt = () => {
        if (!scrollToId(plan.hash) && ++tries < 20) window.setTimeout(attempt, 50);
      };
      attempt();
    }, plan.delay);
  }

  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
