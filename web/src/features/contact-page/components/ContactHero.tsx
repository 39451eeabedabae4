import '@/locales/lead-form/en';
import { Trans } from '@lingui/react/macro';
import { business } from '@/config/business';
import { CallLink } from '@/components/CallLink';
import { Editable } from '@/features/editable-content';

export const CONTACT_HERO_TITLE = 'Schedule Your Free Drain Inspection';

/**
 * The top of /contact: what the visitor gets and the two ways to ask for it.
 * The editable texts keep their English here (a Spanish page gets staff's
 * Spanish from the content service); the rest is in the page's language.
 */
export function ContactHero() {
  const { serviceArea } = business;
  return (
    <section className="hero contact-hero" aria-labelledby="contact-hero-heading">
      <div className="container">
        <Editable contentKey="contact.hero.title" as="h1" id="contact-hero-heading">
          {CONTACT_HERO_TITLE}
        </Editable>
        <Editable contentKey="contact.hero.subtitle" type="html" className="hero__lead">
          Slow drains, recurring clogs or a sewer smell? Tell us what's going on and we'll send a technician with a
          sewer camera to find the cause. The camera inspection is free with any estimate, and most repairs are done
          without digging up your yard.
        </Editable>
        <ul className="contact-hero__points">
          <li>
            <Trans>Reply within 24 hours</Trans>
          </li>
          <li>
            <Trans>Same-day service, 7 days a week</Trans>
          </li>
          <li>
            <Trans>Serving the {serviceArea}</Trans>
          </li>
        </ul>
        <div className="button-row">
          <a href="#contact" className="button button--primary">
            <Trans>Request your inspection</Trans>
          </a>
          <CallLink className="button" />
        </div>
      </div>
    </section>
  );
}
