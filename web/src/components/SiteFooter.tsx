import { business, formatOpeningHours } from '@/config/business';
import { CITY_LINKS, FOOTER_SERVICE_LINKS, LEGAL_LINKS, SOCIAL_LINKS } from './site-links';
import { SmartLink } from './SmartLink';
import { CallLink } from '@/components/CallLink';
import { Editable } from '@/features/editable-content';

// {area} comes from the business configuration.
const FOOTER_BLURB =
  'Trenchless drain and sewer repair for the {area}. Licensed, bonded and insured in Arizona; family owned. ' +
  'Lifetime warranty on lining installs.';

/** SPEC §2 footer: every link, phone, e-mail, hours, four social links. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-about" className="site-footer__brand">
          <h2 id="footer-about" className="site-footer__heading">
            {business.companyName}
          </h2>
          <Editable contentKey="footer.blurb" type="html" params={{ area: business.serviceArea }}>
            {FOOTER_BLURB}
          </Editable>
          <ul className="site-footer__social" aria-label="Social media">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="site-footer__heading">
            Services
          </h2>
          <ul className="plain-list">
            {FOOTER_SERVICE_LINKS.map((l) => (
              <li key={l.to}>
                <SmartLink to={l.to}>{l.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-areas">
          <h2 id="footer-areas" className="site-footer__heading">
            Service Areas
          </h2>
          <ul className="plain-list site-footer__cities">
            {CITY_LINKS.map((l) => (
              <li key={l.to}>
                <SmartLink to={l.to}>{l.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Contact
          </h2>
          <ul className="plain-list">
            <li>
              <CallLink>{business.phone}</CallLink>
            </li>
            <li>
              <a href={`mailto:${business.email}`}>{business.email}</a>
            </li>
          </ul>
          <h3 className="site-footer__subheading">Hours</h3>
          <ul className="plain-list">
            {business.hours.map((entry) => (
              <li key={entry.label}>{formatOpeningHours(entry)}</li>
            ))}
          </ul>
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {new Date().getFullYear()} {business.companyName}. Serving the {business.serviceArea} since{' '}
          {business.foundedYear}.
        </p>
        <ul className="site-footer__legal-links">
          {LEGAL_LINKS.map((l) => (
            <li key={l.to}>
              <SmartLink to={l.to}>{l.label}</SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
