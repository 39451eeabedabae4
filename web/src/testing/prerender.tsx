import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { MemoryRouter } from 'react-router';
import { i18n } from '@/i18n/catalog';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders `ui` to HTML the way scripts/prerender.mjs does: the async
 * renderer waits for every Suspense boundary (lazy routes, islands), so the
 * HTML is what a visitor receives. Wrapped in the app's messages, query
 * cache and a router at `path` (issue 40: a Spanish page is at /es/…; call
 * `await activateLocale('es')` from '@/i18n/catalog' first, as the prerender
 * does, and `activateLocale('en')` after).
 */
export async function prerenderHtml(ui: ReactNode, client: QueryClient = createQueryClient(), path = '/'): Promise<string> {
  return renderToStringAsync(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}
