import { RiskBadge } from '@/components/RiskBadge';
import type { LocalIssuesCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** The Valley's pipe eras (shared with the home hero) and local conditions, one card each. */
export function LocalPipeIssues({ copy }: { copy: LocalIssuesCopy }) {
  return (
    <ServiceSection copy={copy} className="service-local">
      <ul className="card-grid service-local__grid">
        {copy.eras.map((era) => (
          <li key={era.id} className="card service-local__item">
            <div className="service-local__head">
              <h3 className="card__title">{era.pipeType}</h3>
              <RiskBadge level={era.riskLevel} />
            </div>
            <p className="service-local__years">
              {copy.yearsLabel} {era.years}
            </p>
            <p className="card__text">{era.riskNote}</p>
          </li>
        ))}
        {copy.factors.map((factor) => (
          <li key={factor.id} className="card service-local__item">
            <h3 className="card__title">{factor.title}</h3>
            <p className="card__text">{factor.text}</p>
          </li>
        ))}
      </ul>
    </ServiceSection>
  );
}
