import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders `ui` to HTML the way scripts/prerender.mjs does: the async
 * renderer waits for every Suspense boundary (lazy routes, islands), so the
 * HTML is what a visitor receives. Wrapped in the app's query cache and a router.
 */
export async function prerenderHtml(ui: ReactNode, client: QueryClient = createQueryClient()): Promise<string> {
  return renderToStringAsync(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
