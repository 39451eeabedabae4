import { Link, NavLink } from 'react-router';
import { business } from '@/config/business';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo">
          {business.companyName}
        </Link>
        <nav aria-label="Main">
          <ul className="site-nav">
            <li>
              <NavLink to="/" end>
                Home
              </NavLink>
            </li>
            <li>
              <a href={business.phoneHref} className="button button--primary">
                Call {business.phone}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
