import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The public site's static strings (ADR 0017): English in the source, in
// Lingui's macros; `npm run extract` writes them to one catalog per area
// (src/locales/<area>/{en,es}.po, so people translating different parts
// of the site never edit the same file), and es.po holds the Spanish. The
// English text stays in the code (the macro keeps it), so English pages
// load no catalog. The staff area is English only and uses no macros.
const AREAS: Record<string, string[]> = {
  shell: ['app', 'components', 'i18n', 'lib', 'routes', 'config'],
  'lead-form': ['features/lead-form', 'features/contact-page'],
  home: ['features/home'],
  'city-page': ['features/city-page'],
  'service-pages': ['features/service-pages'],
  'risk-map': ['features/risk-map'],
  resources: ['features/resources-page', 'features/blog', 'features/legal'],
};

// scripts/check-messages.mjs extracts into a copy to compare with what is committed.
const root = process.env.LINGUI_CATALOG_DIR ?? '<rootDir>/src/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  // A missing Spanish message fails the build and the check, never an
  // English fallback shown without anyone noticing.
  fallbackLocales: false,
  orderBy: 'message',
  // Where a message is used, without line numbers (they churn with every edit).
  format: formatter({ lineNumbers: false }),
  catalogs: Object.entries(AREAS).map(([area, folders]) => ({
    path: `${root}/${area}/{locale}`,
    include: folders.map((f) => `<rootDir>/src/${f}`),
    exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/gen/**', '<rootDir>/src/routes/admin/**'],
  })),
});
