import { LegalPage, TERMS_OF_SERVICE } from '@/features/legal';

/** /terms: the Terms of Service (SPEC §2, linked from the footer). */
export function TermsRoute() {
  return <LegalPage doc={TERMS_OF_SERVICE} />;
}
