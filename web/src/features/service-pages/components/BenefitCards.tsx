import type { CardsCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** Benefit or suitability cards: a titled card per point. */
export function BenefitCards({ copy }: { copy: CardsCopy }) {
  return (
    <ServiceSection copy={copy} className="service-benefits">
      <ul className="card-grid service-cards">
        {copy.cards.map((card) => (
          <li key={card.id} className="card service-card">
            <h3 className="card__title">{card.title}</h3>
            <p className="card__text">{card.text}</p>
          </li>
        ))}
      </ul>
    </ServiceSection>
  );
}
