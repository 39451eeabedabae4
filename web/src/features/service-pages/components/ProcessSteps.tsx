import type { ProcessCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** SPEC §2: the five-step process, as an ordered list. */
export function ProcessSteps({ copy }: { copy: ProcessCopy }) {
  return (
    <ServiceSection copy={copy} className="service-process">
      <ol className="service-steps">
        {copy.steps.map((step, i) => (
          <li key={step.id} className="service-steps__item">
            <span className="service-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="service-steps__title">{step.title}</h3>
            <p className="service-steps__detail">{step.detail}</p>
          </li>
        ))}
      </ol>
    </ServiceSection>
  );
}
