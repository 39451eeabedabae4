import { Seo } from '@/components/Seo';
import { business } from '@/config/business';
import { ContactHero, EquipmentShowcase, NextSteps, TrustBadges } from '@/features/contact-page';
import { LeadFormIsland } from '@/features/lead-form';
import { SlicedSections } from '@/lib/hydration-slices';

export const CONTACT_PAGE_DESCRIPTION =
  'Request a free drain camera inspection in the Greater Phoenix Valley. We reply within 24 hours and give you a same-day estimate for trenchless drain and sewer repair.';

/** /contact: the inspection request page (SPEC §2 "Contact page"). */
export function ContactRoute() {
  return (
    <>
      <Seo title="Schedule a Free Drain Inspection" description={CONTACT_PAGE_DESCRIPTION} path="/contact" />
      <ContactHero />
      <SlicedSections>
        <EquipmentShowcase />
        <section id="contact" className="section contact-request" aria-labelledby="contact-form-heading">
          <div className="container contact-request__inner">
            <div>
              <h2 id="contact-form-heading">Request your free inspection</h2>
              <p className="contact-request__intro">
                A few details are all we need. {business.companyName} replies within 24 hours.
              </p>
              <LeadFormIsland variant="contact" />
            </div>
            <NextSteps />
          </div>
        </section>
        <TrustBadges />
      </SlicedSections>
    </>
  );
}
