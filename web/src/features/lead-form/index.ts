// The inspection request forms (SPEC §2 home/city/service contact section and
// /contact, §5 validation, §7 POST /api/contact, §8 toasts). Pages use the
// island, never LeadForm itself, so the form's code stays out of first loads.
export { LeadFormIsland } from './components/LeadFormIsland';
export type { LeadFormProps } from './components/LeadForm';
export { ContactSection, type ContactSectionProps } from './components/ContactSection';
export { captureAttribution } from './attribution';
