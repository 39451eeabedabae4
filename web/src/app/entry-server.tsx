// Server entry for prerendering (scripts/prerender.mjs): renders one route
// to HTML with the same routes and providers as the browser. The async
// renderer waits for every Suspense boundary, so lazy routes and islands
// (ADR 0001) are in the HTML in full.
import '@/config/business';
import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { matchRoutes, StaticRouter } from 'react-router';
import { ARTICLE_TEMPLATE_POST, ARTICLE_TEMPLATE_SLUG } from '@/features/blog/utils/article-template';
import { blogPostQueryKey } from '@/features/blog/api/get-blog-post';
import { markSlicesInServerHtml } from '@/lib/hydration-slices';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { AppRoutes, loadMatchedRoutes, pageModules, publicRoutes, routes, staticPaths } from './router';

// Hydration slices are written as suspended ranges the browser's hydration keeps.
markSlicesInServerHtml();

/** The public pages to prerender: every path the public route table names (never the staff area). */
export const PRERENDER_PATHS: readonly string[] = staticPaths(publicRoutes);

export type RenderResult = {
  html: string;
  status: number;
  /** Ids of the matched routes. */
  routeIds: string[];
  /** Modules (under src/, no extension) of the matched lazy pages, to preload. */
  modules: string[];
};

/** The article template's path (ADR 0003): rendered with a post whose fields are the edge's tokens. */
export const ARTICLE_TEMPLATE_PATH = `/blog/${ARTICLE_TEMPLATE_SLUG}`;

export async function render(path: string): Promise<RenderResult> {
  const client = createQueryClient();
  if (path === ARTICLE_TEMPLATE_PATH) client.setQueryData(blogPostQueryKey(ARTICLE_TEMPLATE_SLUG), ARTICLE_TEMPLATE_POST);
  await loadMatchedRoutes(routes, path);
  const matches = matchRoutes(routes, path) ?? [];
  const html = await renderToStringAsync(
    <StrictMode>
      <AppProvider client={client}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  const routeIds = matches.map((m) => m.route.id ?? '');
  return {
    html,
    // The splat route is the not-found screen; the gateway serves it as 404.
    status: routeIds.includes('not-found') ? 404 : 200,
    routeIds,
    modules: pageModules(matches.map((m) => m.route.handle)),
  };
}

