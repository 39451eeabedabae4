import { Link } from 'react-router';
import { RiskBadge } from '@/components/RiskBadge';
import { cities } from '@/content/cities';

/**
 * A card per service-area city, linking to its page, with the city's one
 * risk rating (DESIGN §8: from content/cities.ts, as on the city pages).
 */
export function ServiceAreaCards() {
  return (
    <section className="section resources-areas" aria-labelledby="resources-areas-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="resources-areas-heading">Pipe risk across our service area</h2>
          <p className="resources-count">{cities.length} cities</p>
        </div>
        <ul className="card-grid">
          {cities.map((city) => (
            <li key={city.slug}>
              <article className="card card--link resources-city">
                <div className="resources-city__head">
                  <h3 className="card__title">
                    <Link to={`/${city.slug}`}>{city.name}</Link>
                  </h3>
                  <RiskBadge level={city.riskLevel} />
                </div>
                <p className="card__text">{city.summary}</p>
                <p className="card__meta">
                  Built {city.constructionEra} · {city.primaryPipeType}
                </p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
