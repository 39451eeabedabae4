import '@/locales/resources/en';
import { msg } from '@lingui/core/macro';
import type { LegalDocument } from './components/LegalPage';
import body from './terms.html?raw';

export const TERMS_OF_SERVICE: LegalDocument = {
  name: 'terms',
  title: 'Terms of Service',
  seo: {
    title: msg({ context: 'page title', message: 'Terms of Service' }),
    description: msg`The terms of use of our website: general information, written estimates, the lifetime warranty on lining installs, links to other services and Arizona law.`,
  },
  updated: 'November 24, 2026',
  body,
};
