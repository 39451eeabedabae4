import { business, formatOpeningHours } from '@/config/business';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Contact
          </h2>
          <ul className="plain-list">
            <li>
              <a href={business.phoneHref}>{business.phone}</a>
            </li>
            <li>
              <a href={`mailto:${business.email}`}>{business.email}</a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="site-footer__heading">
            Hours
          </h2>
          <ul className="plain-list">
            {business.hours.map((entry) => (
              <li key={entry.label}>{formatOpeningHours(entry)}</li>
            ))}
          </ul>
        </section>
        <p className="site-footer__legal">
          © {business.companyName}. Serving the {business.serviceArea} since {business.foundedYear}.
        </p>
      </div>
    </footer>
  );
}
