// Server entry for prerendering (scripts/prerender.mjs): renders one route
// to HTML with the same routes and providers as the browser.
import '@/config/business';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { routes } from './router';

export async function render(path: string): Promise<{ html: string; status: number }> {
  const handler = createStaticHandler(routes);
  const request = new Request(new URL(path, 'http://prerender.local'));
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`route ${path} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  return { html, status: context.statusCode };
}
