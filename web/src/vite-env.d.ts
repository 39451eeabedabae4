/// <reference types="vite/client" />

// Build-time settings read by src/config/business.ts. Every one is optional:
// an unset or empty value falls back to the default in business-config.ts.
interface ImportMetaEnv {
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_PHONE?: string;
  readonly VITE_EMAIL?: string;
  readonly VITE_STAFF_DOMAIN?: string;
  readonly VITE_FOUNDED_YEAR?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// A Lingui catalog (src/locales/*.po), compiled on import by @lingui/vite-plugin (ADR 0017).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
