import type { FaqsCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** Questions and answers as native disclosure widgets: no script needed. */
export function FaqList({ copy }: { copy: FaqsCopy }) {
  return (
    <ServiceSection copy={copy} className="service-faqs">
      <div className="faq-list">
        {copy.faqs.map((faq) => (
          <details key={faq.id} className="faq">
            <summary className="faq__question">{faq.question}</summary>
            <p className="faq__answer">{faq.answer}</p>
          </details>
        ))}
      </div>
    </ServiceSection>
  );
}
