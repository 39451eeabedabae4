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
import { activateLocale, i18n } from '@/i18n/catalog';
import { messages as englishMessages } from '@/locales/en';
import { LOCALE_PREFIX, LOCALES, localeOfPath, type Locale } from '@/i18n/locale';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { AppRoutes, loadMatchedRoutes, pageModules, publicRoutes, routes, staticPaths } from './router';

// Hydration slices are written as suspended ranges the browser's hydration keeps.
markSlicesInServerHtml();
// Every area's English messages (the browser loads each area's with its code).
i18n.load('en', englishMessages);

/** The public pages to prerender: every path the public route table names (never the staff area). */
export const PRERENDER_PATHS: readonly string[] = staticPaths(publicRoutes);

export type RenderResult = {
  html: string;
  status: number;
  /** Ids of the matched routes. */
  routeIds: string[];
  /** Modules (under src/, no extension) of the matched lazy pages, to preload. */
  modules: string[];
  /** The page's language (its <html lang>). */
  locale: Locale;
};

/** The article template's path (ADR 0003): rendered with a post whose fields are the edge's tokens. */
export const ARTICLE_TEMPLATE_PATH = `/blog/${ARTICLE_TEMPLATE_SLUG}`;

/**
 * The article templates, one per language (issue 40): the page the edge
 * fills for /blog/{slug} (an English post) and for /es/blog/{slug} (a
 * Spanish one), and the file under dist/ the prerender writes it to.
 */
export const ARTICLE_TEMPLATES: readonly { locale: Locale; path: string; file: string }[] = LOCALES.map((locale) => ({
  locale,
  path: `${LOCALE_PREFIX[locale]}${ARTICLE_TEMPLATE_PATH}`,
  file: `${LOCALE_PREFIX[locale].slice(1)}${LOCALE_PREFIX[locale] ? '/' : ''}_article.html`,
}));

export async function render(path: string): Promise<RenderResult> {
  const client = createQueryClient();
  if (ARTICLE_TEMPLATES.some((t) => t.path === path)) client.setQueryData(blogPostQueryKey(ARTICLE_TEMPLATE_SLUG), ARTICLE_TEMPLATE_POST);
  const locale = localeOfPath(path);
  await Promise.all([loadMatchedRoutes(routes, path), activateLocale(locale)]);
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
    status: routeIds.some((id) => id === 'not-found' || id.endsWith('-not-found')) ? 404 : 200,
    routeIds,
    modules: pageModules(matches.map((m) => m.route.handle)),
    locale,
  };
}

