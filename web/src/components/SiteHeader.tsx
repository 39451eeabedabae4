import { lazy, Suspense, useRef, useState } from 'react';
import { business } from '@/config/business';
import { CallLink } from './CallLink';
import { NavMenu } from './NavMenu';
import { ABOUT_LINK, CITY_LINKS, ESTIMATE_LINK, RESOURCES_LINK, SERVICE_LINKS } from './site-links';
import { SmartLink } from './SmartLink';

const loadDrawer = () => import('./MobileDrawer');
const MobileDrawer = lazy(loadDrawer);

/**
 * The small-screen menu button. The drawer's code is fetched when the
 * button is pointed at, touched or focused, and mounted on the first open.
 */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDrawer();
  return (
    <>
      <button
        ref={button}
        type="button"
        className="site-header__menu-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      )}
    </>
  );
}

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <SmartLink to="/" className="site-header__logo">
          {business.companyName}
        </SmartLink>
        <nav aria-label="Main" className="site-nav">
          <ul className="site-nav__list">
            <li>
              <NavMenu label="Services" links={SERVICE_LINKS} />
            </li>
            <li>
              <NavMenu label="Service Areas" links={CITY_LINKS} />
            </li>
            <li>
              <SmartLink to={ABOUT_LINK.to} className="site-nav__link">
                {ABOUT_LINK.label}
              </SmartLink>
            </li>
            <li>
              <SmartLink to={RESOURCES_LINK.to} className="site-nav__link">
                {RESOURCES_LINK.label}
              </SmartLink>
            </li>
            <li>
              <SmartLink to={ESTIMATE_LINK.to} className="button button--primary">
                {ESTIMATE_LINK.label}
              </SmartLink>
            </li>
          </ul>
        </nav>
        <CallLink className="site-header__call">
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
            <path
              d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
              fill="currentColor"
            />
          </svg>
          <span className="visually-hidden">Call </span>
          {business.phone}
        </CallLink>
        <MobileMenu />
      </div>
    </header>
  );
}
