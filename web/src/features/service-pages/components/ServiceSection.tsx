import { useId, type ReactNode } from 'react';
import type { SectionCopy } from '@/content/service-pages';

type Props = {
  copy: SectionCopy;
  /** The section's own class, e.g. "service-process". */
  className: string;
  children: ReactNode;
};

/** A content section of a service page: labelled by its h2, with an optional lead-in. */
export function ServiceSection({ copy, className, children }: Props) {
  const headingId = useId();
  return (
    <section className={`section service-section ${className}`} aria-labelledby={headingId}>
      <div className="container">
        <div className="service-section__intro">
          <h2 id={headingId}>{copy.title}</h2>
          {copy.intro && <p>{copy.intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
