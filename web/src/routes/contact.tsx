import { ContactHero, ContactPageSeo, ContactRequest, EquipmentShowcase, TrustBadges } from '@/features/contact-page';
import { LeadFormIsland } from '@/features/lead-form';
import { SlicedSections } from '@/lib/hydration-slices';

/** /contact and /es/contact: the inspection request page (SPEC §2 "Contact page"), in the page's language. */
export function ContactRoute() {
  return (
    <>
      <ContactPageSeo />
      <ContactHero />
      <SlicedSections>
        <EquipmentShowcase />
        <ContactRequest form={<LeadFormIsland variant="contact" />} />
        <TrustBadges />
      </SlicedSections>
    </>
  );
}
