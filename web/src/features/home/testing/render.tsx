import '@/locales/home/en';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { homeCopy, type HomeCopy } from '@/content/home-page';
import { i18n } from '@/i18n/catalog';
import { createQueryClient } from '@/lib/query-client';
import { HomeCopyProvider } from '../copy';

/**
 * Server-renders `ui` with the app's messages, query cache and a router at
 * `path`, as the prerender does: no effects run, so the HTML shows the
 * cache's state. A Spanish page is at /es/ (issue 40), with the Spanish
 * messages active (`await activateLocale('es')` from '@/i18n/catalog').
 * React's empty text-separator comments are removed so text reads as shown.
 */
export function renderHtml(ui: ReactNode, client: QueryClient = createQueryClient(), path = '/'): string {
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return html.replaceAll('<!-- -->', '');
}

/** Heading levels in document order, e.g. [1, 2, 3, 2]. */
export function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
}

/** A home section as the page holds it: with the page's data (English unless `copy` says otherwise). */
export function inHome(ui: ReactNode, copy: HomeCopy = homeCopy): ReactNode {
  return <HomeCopyProvider copy={copy}>{ui}</HomeCopyProvider>;
}
