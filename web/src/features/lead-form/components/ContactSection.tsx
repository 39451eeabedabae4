import '@/locales/lead-form/en';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LeadFormIsland } from './LeadFormIsland';

export type ContactSectionProps = {
  /** The heading, in the page's language; city and service pages may name themselves in it. */
  title?: string;
};

/**
 * The contact section that ends the home, city and service pages, in the
 * page's language. Its id "contact" is what every "schedule" button scrolls to.
 */
export function ContactSection({ title }: ContactSectionProps) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section id="contact" className="section contact-section" aria-labelledby={headingId}>
      <div className="container contact-section__inner">
        <div className="contact-section__intro">
          <h2 id={headingId}>{title ?? t`Schedule Your Free Drain Assessment`}</h2>
          <p>
            <Trans>
              Tell us what your drains are doing and we'll get back to you within 24 hours to set up a free camera
              inspection. No digging, no obligation.
            </Trans>
          </p>
        </div>
        <LeadFormIsland variant="home" />
      </div>
    </section>
  );
}
