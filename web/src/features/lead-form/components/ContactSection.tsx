import { useId } from 'react';
import { LeadFormIsland } from './LeadFormIsland';

export type ContactSectionProps = {
  /** The heading; city and service pages may name themselves in it. */
  title?: string;
};

/**
 * The contact section that ends the home, city and service pages. Its id
 * "contact" is what every "schedule" button scrolls to.
 */
export function ContactSection({ title = 'Schedule Your Free Drain Assessment' }: ContactSectionProps) {
  const headingId = useId();
  return (
    <section id="contact" className="section contact-section" aria-labelledby={headingId}>
      <div className="container contact-section__inner">
        <div className="contact-section__intro">
          <h2 id={headingId}>{title}</h2>
          <p>
            Tell us what your drains are doing and we'll get back to you within 24 hours to set up a free camera
            inspection. No digging, no obligation.
          </p>
        </div>
        <LeadFormIsland variant="home" />
      </div>
    </section>
  );
}
