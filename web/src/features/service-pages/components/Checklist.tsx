import type { ChecklistCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** A ticked list, e.g. "when to get a camera inspection". */
export function Checklist({ copy }: { copy: ChecklistCopy }) {
  return (
    <ServiceSection copy={copy} className="service-checklist">
      <ul className="service-checklist__list">
        {copy.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </ServiceSection>
  );
}
