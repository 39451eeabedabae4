import type { ExplanationCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** What the service is and how it works, in a few paragraphs. */
export function ExplanationSection({ copy }: { copy: ExplanationCopy }) {
  return (
    <ServiceSection copy={copy} className="service-explanation">
      <div className="service-explanation__body">
        {copy.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </ServiceSection>
  );
}
