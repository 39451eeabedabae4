// The sections of the /contact page (SPEC §2 "Contact page"). The form itself
// lives in features/lead-form; routes/contact.tsx puts the two together.
import './components/contact-page.css';

export { ContactHero, CONTACT_HERO_TITLE } from './components/ContactHero';
export { ContactPageSeo, ContactRequest } from './components/ContactRequest';
export { EquipmentShowcase } from './components/EquipmentShowcase';
export { NextSteps, NEXT_STEPS } from './components/NextSteps';
export { TrustBadges, TRUST_BADGES } from './components/TrustBadges';
