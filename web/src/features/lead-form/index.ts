// The inspection request forms (SPEC §2 home/city/service contact section and
// /contact, §5 validation, §7 POST /api/contact, §8 toasts).
export { LeadForm, type LeadFormProps } from './components/LeadForm';
export { ContactPageForm } from './components/ContactPageForm';
export { ContactSection, type ContactSectionProps } from './components/ContactSection';
export { captureAttribution } from './attribution';
