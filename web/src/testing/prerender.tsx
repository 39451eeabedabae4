import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { PRERENDER_OPTIONS } from '@/app/entry-server';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders `ui` to HTML the way scripts/prerender.mjs does: react-dom/static
 * waits for every Suspense boundary (lazy routes, islands), so the HTML is
 * what a visitor receives. Wrapped in the app's query cache and a router.
 */
export async function prerenderHtml(ui: ReactNode, client: QueryClient = createQueryClient()): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
    PRERENDER_OPTIONS,
  );
  return new Response(prelude).text();
}
