import { lazy, Suspense, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { business } from '@/config/business';
import { CallLink } from './CallLink';
import { LanguageSwitch } from './LanguageSwitch';
import { NavMenu } from './NavMenu';
import { useSiteLinks } from './site-links';
import { SmartLink } from './SmartLink';

const loadDrawer = () => import('./MobileDrawer');
const MobileDrawer = lazy(loadDrawer);

/**
 * The small-screen menu button. The drawer's code is fetched when the
 * button is pointed at, touched or focused, and mounted on the first open.
 */
function MobileMenu() {
  const { t } = useLingui();
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
        aria-label={t`Open menu`}
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
  const { t } = useLingui();
  const links = useSiteLinks();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <SmartLink to="/" className="site-header__logo">
          {business.companyName}
        </SmartLink>
        <nav aria-label={t`Main`} className="site-nav">
          <ul className="site-nav__list">
            <li>
              <NavMenu label={t`Services`} links={links.services} />
            </li>
            <li>
              <NavMenu label={t`Service Areas`} links={links.cities} />
            </li>
            <li>
              <SmartLink to={links.about.to} className="site-nav__link">
                {links.about.label}
              </SmartLink>
            </li>
            <li>
              <SmartLink to={links.resources.to} className="site-nav__link">
                {links.resources.label}
              </SmartLink>
            </li>
            <li>
              <SmartLink to={links.estimate.to} className="button button--primary">
                {links.estimate.label}
              </SmartLink>
            </li>
            <li>
              <LanguageSwitch className="site-nav__link site-nav__language" />
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
          <span className="visually-hidden">
            <Trans>Call</Trans>{' '}
          </span>
          {business.phone}
        </CallLink>
        <MobileMenu />
      </div>
    </header>
  );
}
