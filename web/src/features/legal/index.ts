// The legal pages (/privacy, /terms): one page component, and each page's
// wording as seeded for its staff-editable items (ADR 0003).
import './legal.css';

export { LegalPage, type LegalDocument } from './components/LegalPage';
export { PRIVACY_POLICY } from './privacy';
export { TERMS_OF_SERVICE } from './terms';
