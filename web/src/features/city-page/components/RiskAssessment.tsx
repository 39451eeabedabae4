import '@/locales/city-page/en';
import { Trans } from '@lingui/react/macro';
import { RiskBadge } from '@/components/RiskBadge';
import type { CityPageData as City } from '@/content/city-details';

/**
 * SPEC §2 "risk assessment block": the city's one risk rating (DESIGN §8)
 * with its construction era and pipe type, why, the common issues and the
 * challenges particular to the city.
 */
export function RiskAssessment({ city }: { city: City }) {
  const cityName = city.name;
  return (
    <section className="section city-risk" aria-labelledby="city-risk-heading">
      <div className="container">
        <h2 id="city-risk-heading">
          <Trans>{cityName} pipe risk assessment</Trans>
        </h2>
        <div className="city-risk__grid">
          <div className="card city-risk__summary">
            <dl className="city-risk__facts">
              <div>
                <dt>
                  <Trans>Risk level</Trans>
                </dt>
                <dd>
                  <RiskBadge level={city.riskLevel} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Construction era</Trans>
                </dt>
                <dd>{city.constructionEra}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Primary pipe type</Trans>
                </dt>
                <dd>{city.primaryPipeType}</dd>
              </div>
            </dl>
            <p className="card__text">{city.riskDescription}</p>
          </div>
          <div className="card">
            <h3 className="card__title">
              <Trans>Common issues in {cityName}</Trans>
            </h3>
            <ul className="city-risk__list">
              {city.commonIssues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          </div>
          <div className="card">
            <h3 className="card__title">
              <Trans>{cityName}-specific challenges</Trans>
            </h3>
            <ul className="city-risk__list">
              {city.challenges.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
