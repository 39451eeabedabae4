import '@/locales/city-page/en';
import { Plural, Trans } from '@lingui/react/macro';
import { RiskBadge } from '@/components/RiskBadge';
import type { City } from '@/content/cities';
import type { Neighborhood } from '@/content/neighborhoods';

/** SPEC §2: a card per neighbourhood — optional image, name, risk badge, era, pipe type, description. */
export function NeighborhoodGrid({ city, neighborhoods }: { city: City; neighborhoods: readonly Neighborhood[] }) {
  const cityName = city.name;
  const count = neighborhoods.length;
  return (
    <section className="section city-neighborhoods" aria-labelledby="city-neighborhoods-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="city-neighborhoods-heading">
            <Trans>{cityName} neighborhoods we serve</Trans>
          </h2>
          <p className="city-neighborhoods__count">
            <Plural value={count} one="# neighborhood" other="# neighborhoods" />
          </p>
        </div>
        <ul className="card-grid city-neighborhoods__grid">
          {neighborhoods.map((n) => (
            <li key={n.id} className="card city-neighborhood">
              {n.image && <img src={n.image} alt="" className="city-neighborhood__image" loading="lazy" />}
              <div className="city-neighborhood__head">
                <h3 className="card__title">{n.name}</h3>
                <RiskBadge level={n.riskLevel} />
              </div>
              <dl className="city-neighborhood__facts">
                <div>
                  <dt>
                    <Trans>Built</Trans>
                  </dt>
                  <dd>{n.era}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Pipes</Trans>
                  </dt>
                  <dd>{n.pipeType}</dd>
                </div>
              </dl>
              <p className="card__text">{n.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
