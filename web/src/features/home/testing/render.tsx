import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';

/**
 * Server-renders `ui` with the app's query cache and a router, as the
 * prerender does: no effects run, so the HTML shows the cache's state.
 * React's empty text-separator comments are removed so text reads as shown.
 */
export function renderHtml(ui: ReactNode, client: QueryClient = createQueryClient()): string {
  const html = renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replaceAll('<!-- -->', '');
}

/** Heading levels in document order, e.g. [1, 2, 3, 2]. */
export function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
}
