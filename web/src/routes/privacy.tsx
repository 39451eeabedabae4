import { LegalPage, PRIVACY_POLICY } from '@/features/legal';

/** /privacy: the Privacy Policy (SPEC §2, linked from the footer). */
export function PrivacyRoute() {
  return <LegalPage doc={PRIVACY_POLICY} />;
}
