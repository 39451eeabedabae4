import { Link } from 'react-router';
import { business } from '@/config/business';
import { LatestPosts } from '@/features/blog/components/LatestPosts';

export function HomeRoute() {
  return (
    <>
      <title>{`${business.companyName} | Trenchless Drain & Sewer Repair in the Phoenix Valley`}</title>
      <section className="hero" aria-labelledby="home-heading">
        <div className="container">
          <h1 id="home-heading">{business.companyName}</h1>
          <p className="hero__lead">
            Trenchless drain and sewer pipe repair across the {business.serviceArea}: CIPP pipe lining, pipe
            bursting, epoxy coating and drain camera inspections, without digging up your yard.
          </p>
          <div className="button-row">
            <a href={business.phoneHref} className="button button--primary">
              Call {business.phone}
            </a>
            <a href={`mailto:${business.email}`} className="button">
              E-mail us
            </a>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="latest-posts-heading">
        <div className="container">
          <div className="section__header">
            <h2 id="latest-posts-heading">Latest articles</h2>
            <Link to="/resources">View all articles</Link>
          </div>
          <LatestPosts />
        </div>
      </section>
    </>
  );
}
