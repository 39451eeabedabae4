import '@/locales/resources/en';
import { msg } from '@lingui/core/macro';
import type { LegalDocument } from './components/LegalPage';
import body from './privacy.html?raw';

export const PRIVACY_POLICY: LegalDocument = {
  name: 'privacy',
  title: 'Privacy Policy',
  seo: {
    title: msg({ context: 'page title', message: 'Privacy Policy' }),
    description: msg`What our website collects when you request a drain inspection, why, who sees it, how long it is kept and how to have it deleted. No tracking cookies, no advertising or analytics trackers.`,
  },
  updated: 'November 24, 2026',
  body,
};
