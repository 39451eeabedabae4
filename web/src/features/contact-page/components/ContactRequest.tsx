import '@/locales/lead-form/en';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Seo } from '@/components/Seo';
import { business } from '@/config/business';
import { NextSteps } from './NextSteps';

/** /contact's title and description for search engines, in the page's language. */
export function ContactPageSeo() {
  const { t } = useLingui();
  return (
    <Seo
      title={t`Schedule a Free Drain Inspection`}
      description={t`Request a free drain camera inspection in the Greater Phoenix Valley. We reply within 24 hours and give you a same-day estimate for trenchless drain and sewer repair.`}
      path="/contact"
    />
  );
}

/**
 * The request section of /contact (the #contact every "schedule" link goes
 * to): its heading and promise in the page's language, the form (`form`:
 * features do not import each other, so routes/contact.tsx hands it in)
 * and what happens after.
 */
export function ContactRequest({ form }: { form: ReactNode }) {
  const { companyName } = business;
  return (
    <section id="contact" className="section contact-request" aria-labelledby="contact-form-heading">
      <div className="container contact-request__inner">
        <div>
          <h2 id="contact-form-heading">
            <Trans>Request your free inspection</Trans>
          </h2>
          <p className="contact-request__intro">
            <Trans>A few details are all we need. {companyName} replies within 24 hours.</Trans>
          </p>
          {form}
        </div>
        <NextSteps />
      </div>
    </section>
  );
}
