import { Trans, useLingui } from '@lingui/react/macro';
import { business, formatOpeningHours } from '@/config/business';
import { useLocale } from '@/i18n/use-locale';
import { SOCIAL_LINKS, useSiteLinks } from './site-links';
import { useServiceArea } from './use-service-area';
import { SmartLink } from './SmartLink';
import { CallLink } from '@/components/CallLink';
import { Editable } from '@/features/editable-content';

// {area} comes from the business configuration.
const FOOTER_BLURB =
  'Trenchless drain and sewer repair for the {area}. Licensed, bonded and insured in Arizona; family owned. ' +
  'Lifetime warranty on lining installs.';

/** SPEC §2 footer: every link, phone, e-mail, hours, four social links. */
export function SiteFooter() {
  const { t } = useLingui();
  const links = useSiteLinks();
  const locale = useLocale();
  const { companyName, serviceArea, foundedYear } = business;
  const area = useServiceArea();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-about" className="site-footer__brand">
          <h2 id="footer-about" className="site-footer__heading">
            {business.companyName}
          </h2>
          <Editable contentKey="footer.blurb" type="html" params={{ area }}>
            {FOOTER_BLURB}
          </Editable>
          <ul className="site-footer__social" aria-label={t`Social media`}>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.label}
                  <span className="visually-hidden">
                    {' '}
                    <Trans>(opens in a new tab)</Trans>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="site-footer__heading">
            <Trans>Services</Trans>
          </h2>
          <ul className="plain-list">
            {links.footerServices.map((l) => (
              <li key={l.to}>
                <SmartLink to={l.to}>{l.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-areas">
          <h2 id="footer-areas" className="site-footer__heading">
            <Trans>Service Areas</Trans>
          </h2>
          <ul className="plain-list site-footer__cities">
            {links.cities.map((l) => (
              <li key={l.to}>
                <SmartLink to={l.to}>{l.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            <Trans>Contact</Trans>
          </h2>
          <ul className="plain-list">
            <li>
              <CallLink>{business.phone}</CallLink>
            </li>
            <li>
              <a href={`mailto:${business.email}`}>{business.email}</a>
            </li>
          </ul>
          <h3 className="site-footer__subheading">
            <Trans>Hours</Trans>
          </h3>
          <ul className="plain-list">
            {business.hours.map((entry) => (
              <li key={entry.label}>{formatOpeningHours(entry, locale)}</li>
            ))}
          </ul>
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>
          <Trans>
            © {year} {companyName}. Serving the {serviceArea} since {foundedYear}.
          </Trans>
        </p>
        <ul className="site-footer__legal-links">
          {links.legal.map((l) => (
            <li key={l.to}>
              <SmartLink to={l.to}>{l.label}</SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
