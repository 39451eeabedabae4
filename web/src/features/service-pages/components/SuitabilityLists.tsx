import { useId } from 'react';
import { SmartLink } from '@/components/SmartLink';
import type { ListCopy, SuitabilityCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** The "perfect for" and "not suitable for" lists side by side, then where to look instead. */
export function SuitabilityLists({ copy }: { copy: SuitabilityCopy }) {
  return (
    <ServiceSection copy={copy} className="service-suitability">
      <div className="service-suitability__grid">
        <FitList list={copy.perfectFor} tone="yes" />
        <FitList list={copy.notSuitableFor} tone="no" />
      </div>
      <p className="service-suitability__alternatives">
        {copy.alternatives.label}{' '}
        {copy.alternatives.links.map((link, i) => (
          <span key={link.to}>
            {i > 0 && ' · '}
            <SmartLink to={link.to}>{link.label}</SmartLink>
          </span>
        ))}
      </p>
    </ServiceSection>
  );
}

function FitList({ list, tone }: { list: ListCopy; tone: 'yes' | 'no' }) {
  const headingId = useId();
  return (
    <div className={`card service-fit service-fit--${tone}`}>
      <h3 id={headingId} className="card__title">
        {list.title}
      </h3>
      <ul className="service-fit__list" aria-labelledby={headingId}>
        {list.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
