import { Link } from 'react-router';
import { business } from '@/config/business';
import { DocumentHead, NOINDEX } from '@/components/DocumentHead';

/** Any path without a route (SPEC §2 404 page, §8). */
export function NotFoundRoute() {
  return (
    <section className="container page-message" aria-labelledby="not-found-heading">
      <DocumentHead title={`Page Not Found | ${business.companyName}`} meta={NOINDEX} />
      <h1 id="not-found-heading">404 - Page Not Found</h1>
      <p>The page you're looking for doesn't exist or may have been moved.</p>
      <div className="button-row">
        <Link to="/" className="button button--primary">
          Go Home
        </Link>
        <a href={business.phoneHref} className="button">
          Call {business.phone}
        </a>
      </div>
    </section>
  );
}
