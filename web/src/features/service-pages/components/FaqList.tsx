import type { FaqsCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** Questions and answers as native disclosure widgets: no script needed. */
export function FaqList({ copy }: { copy: FaqsCopy }) {
  return (
    <ServiceSection copy={copy} className="service-faqs">
      <div className="service-faqs__list">
        {copy.faqs.map((faq) => (
          <details key={faq.id} className="service-faq">
            <summary className="service-faq__question">{faq.question}</summary>
            <p className="service-faq__answer">{faq.answer}</p>
          </details>
        ))}
      </div>
    </ServiceSection>
  );
}
