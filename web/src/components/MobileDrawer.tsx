// The small-screen drawer's dialog (Radix). SiteHeader loads this module the
// first time the menu button is about to be used, so Radix's dialog code
// is not part of any page's first load (ADR 0001).
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { CallLink } from './CallLink';
import { ABOUT_LINK, CITY_LINKS, ESTIMATE_LINK, RESOURCES_LINK, SERVICE_LINKS, type SiteLink } from './site-links';
import { SmartLink } from './SmartLink';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>;
};

function LinkList({ links, onNavigate, className }: { links: readonly SiteLink[]; onNavigate: () => void; className?: string }) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.to}>
          <SmartLink to={l.to} onNavigate={onNavigate}>
            {l.label}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/** Every header link again; choosing one closes the drawer. */
export default function MobileDrawer({ open, onOpenChange, trigger }: Props) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content
          className="drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className="drawer__head">
            <Dialog.Title className="drawer__title">Menu</Dialog.Title>
            <Dialog.Close className="drawer__close" aria-label="Close menu">
              ×
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <p className="drawer__group">Services</p>
            <LinkList links={SERVICE_LINKS} onNavigate={close} />
            <p className="drawer__group">Service Areas</p>
            <LinkList links={CITY_LINKS} onNavigate={close} className="drawer__cities" />
            <LinkList links={[ABOUT_LINK, RESOURCES_LINK]} onNavigate={close} />
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
