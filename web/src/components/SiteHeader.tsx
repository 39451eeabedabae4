import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { business } from '@/config/business';
import { trackConversion } from '@/lib/analytics';
import { ABOUT_LINK, CITY_LINKS, ESTIMATE_LINK, RESOURCES_LINK, SERVICE_LINKS, type SiteLink } from './site-links';
import { SmartLink } from './SmartLink';

function Chevron() {
  return (
    <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="chevron">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** A keyboard-usable menu of links (Radix: arrow keys, typeahead, Escape). */
function NavMenu({ label, links }: { label: string; links: readonly SiteLink[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="site-nav__trigger">
        {label} <Chevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={6}>
          {links.map((l) => (
            <DropdownMenu.Item key={l.to} className="menu__item" asChild>
              <SmartLink to={l.to}>{l.label}</SmartLink>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function CallLink({ className }: { className?: string }) {
  return (
    <a href={business.phoneHref} className={className} onClick={() => void trackConversion('phone_click')}>
      Call {business.phone}
    </a>
  );
}

/** The small-screen drawer: every link again; it closes after a choice. */
function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="site-header__menu-button" aria-label="Open menu">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer__head">
            <Dialog.Title className="drawer__title">Menu</Dialog.Title>
            <Dialog.Close className="drawer__close" aria-label="Close menu">
              ×
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <p className="drawer__group">Services</p>
            <ul>
              {SERVICE_LINKS.map((l) => (
                <li key={l.to}>
                  <SmartLink to={l.to} onNavigate={close}>
                    {l.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
            <p className="drawer__group">Service Areas</p>
            <ul className="drawer__cities">
              {CITY_LINKS.map((l) => (
                <li key={l.to}>
                  <SmartLink to={l.to} onNavigate={close}>
                    {l.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
            <ul>
              <li>
                <SmartLink to={ABOUT_LINK.to} onNavigate={close}>
                  {ABOUT_LINK.label}
                </SmartLink>
              </li>
              <li>
                <SmartLink to={RESOURCES_LINK.to} onNavigate={close}>
                  {RESOURCES_LINK.label}
                </SmartLink>
              </li>
            </ul>
            <SmartLink to={ESTIMATE_LINK.to} onNavigate={close} className="button button--primary drawer__cta">
              {ESTIMATE_LINK.label}
            </SmartLink>
            <CallLink className="button drawer__cta" />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
        <CallLink className="site-header__call" />
        <MobileDrawer />
      </div>
    </header>
  );
}
