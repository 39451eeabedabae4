import '@/locales/resources/en';
import { Link } from 'react-router';
import { Plural, Trans } from '@lingui/react/macro';
import { RiskBadge } from '@/components/RiskBadge';
import type { City } from '@/content/cities';
import { useLocalize } from '@/i18n/use-locale';
import { useResourcesCopy } from '../copy';

/**
 * A card per service-area city, linking to its page (in the page's
 * language), with the city's one risk rating (DESIGN §8: from
 * content/cities.ts, or content/es/cities.ts on /es/ pages, as on the city pages).
 */
export function ServiceAreaCards() {
  const { cities } = useResourcesCopy();
  const count = cities.length;
  return (
    <section className="section resources-areas" aria-labelledby="resources-areas-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="resources-areas-heading">
            <Trans>Pipe risk across our service area</Trans>
          </h2>
          <p className="resources-count">
            <Plural value={count} one="# city" other="# cities" />
          </p>
        </div>
        <ul className="card-grid">
          {cities.map((city) => (
            <li key={city.slug}>
              <CityCard city={city} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CityCard({ city }: { city: City }) {
  const localize = useLocalize();
  const era = city.constructionEra;
  const pipes = city.primaryPipeType;
  return (
    <article className="card card--link resources-city">
      <div className="resources-city__head">
        <h3 className="card__title">
          <Link to={localize(`/${city.slug}`)}>{city.name}</Link>
        </h3>
        <RiskBadge level={city.riskLevel} />
      </div>
      <p className="card__text">{city.summary}</p>
      <p className="card__meta">
        <Trans>
          Built {era} · {pipes}
        </Trans>
      </p>
    </article>
  );
}
