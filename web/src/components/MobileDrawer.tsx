// The small-screen drawer's dialog (Radix). SiteHeader loads this module the
// first time the menu button is about to be used, so Radix's dialog code
// is not part of any page's first load (ADR 0001).
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CallLink } from './CallLink';
import { LanguageSwitch } from './LanguageSwitch';
import { useSiteLinks, type SiteLink } from './site-links';
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
  const { t } = useLingui();
  const links = useSiteLinks();
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
            <Dialog.Title className="drawer__title">
              <Trans>Menu</Trans>
            </Dialog.Title>
            <Dialog.Close className="drawer__close" aria-label={t`Close menu`}>
              ×
            </Dialog.Close>
          </div>
          <nav aria-label={t`Mobile`}>
            <p className="drawer__group">
              <Trans>Services</Trans>
            </p>
            <LinkList links={links.services} onNavigate={close} />
            <p className="drawer__group">
              <Trans>Service Areas</Trans>
            </p>
            <LinkList links={links.cities} onNavigate={close} className="drawer__cities" />
            <LinkList links={[links.about, links.resources]} onNavigate={close} />
            <SmartLink to={links.estimate.to} onNavigate={close} className="button button--primary drawer__cta">
              {links.estimate.label}
            </SmartLink>
            <CallLink className="button drawer__cta" />
            <LanguageSwitch className="drawer__language" />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
