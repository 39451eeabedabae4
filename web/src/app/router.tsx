import type { ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { RootLayout } from '@/components/RootLayout';
import { CITY_SLUGS } from '@/content/cities';
import { NotFoundRoute } from '@/routes/not-found';
import { RouteErrorRoute } from '@/routes/route-error';

/** What scripts/prerender.mjs needs to know of a lazy page route. */
export type PageHandle = {
  /** The page's module under src/, without extension: its chunk is preloaded in the page's HTML. */
  module: string;
};

type PageComponent = { Component: () => ReactNode };

/**
 * A lazy page route. `module` is the page's module under src/ (its chunk is
 * preloaded in the page's HTML); `load` imports that same module — it must
 * be written out, so the bundler sees the import.
 */
function page(id: string, path: string | null, module: string, load: () => Promise<PageComponent>): RouteObject {
  const handle: PageHandle = { module };
  return path === null ? { id, index: true, handle, lazy: load } : { id, path, handle, lazy: load };
}

const loadCity = async () => ({ Component: (await import('@/routes/city')).CityRoute });
const loadResources = async () => ({ Component: (await import('@/routes/resources')).ResourcesRoute });

/**
 * The staff area (SPEC §2 "Staff sign-in", "Admin"): outside the public
 * frame, never prerendered (it depends on who is signed in), and split into
 * its own chunks so visitors never download it. Each tab owns the addresses
 * under its path (`posts/*`, …) with descendant routes.
 */
export const staffRoutes: RouteObject[] = [
  {
    id: 'auth',
    path: '/auth',
    errorElement: <RouteErrorRoute />,
    lazy: async () => ({ Component: (await import('@/routes/auth')).AuthRoute }),
  },
  {
    id: 'admin',
    // One lazy route for the whole admin: its tabs are descendant routes of
    // routes/admin/layout.tsx, so the entry names two staff chunks, not seven.
    path: '/admin/*',
    errorElement: <RouteErrorRoute />,
    lazy: async () => ({ Component: (await import('@/routes/admin/layout')).AdminLayoutRoute }),
  },
];

/**
 * The public site's route table (SPEC §2). Each page is its own chunk (`lazy`), so a page
 * loads only its own code; `handle.module` names that chunk's module so the
 * prerender can preload it, and main.tsx resolves the matched modules
 * before hydrating.
 */
export const publicRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      page('home', null, 'routes/home', async () => ({ Component: (await import('@/routes/home')).HomeRoute })),
      page('contact', 'contact', 'routes/contact', async () => ({
        Component: (await import('@/routes/contact')).ContactRoute,
      })),
      page('service-cipp-lining', 'services/cipp-lining', 'routes/service-cipp-lining', async () => ({
        Component: (await import('@/routes/service-cipp-lining')).CippLiningRoute,
      })),
      page('service-pipe-bursting', 'services/pipe-bursting', 'routes/service-pipe-bursting', async () => ({
        Component: (await import('@/routes/service-pipe-bursting')).PipeBurstingRoute,
      })),
      page('service-epoxy-coating', 'services/epoxy-coating', 'routes/service-epoxy-coating', async () => ({
        Component: (await import('@/routes/service-epoxy-coating')).EpoxyCoatingRoute,
      })),
      page('service-drain-inspections', 'services/drain-inspections', 'routes/service-drain-inspections', async () => ({
        Component: (await import('@/routes/service-drain-inspections')).DrainInspectionsRoute,
      })),
      // SPEC §2: /resources and /blog are the same page.
      page('resources', 'resources', 'routes/resources', loadResources),
      page('blog', 'blog', 'routes/resources', loadResources),
      page('risk-map', 'risk-map', 'routes/risk-map', async () => ({
        Component: (await import('@/routes/risk-map')).RiskMapRoute,
      })),
      page('sitemap', 'sitemap', 'routes/sitemap', async () => ({
        Component: (await import('@/routes/sitemap')).SitemapRoute,
      })),
      page('privacy', 'privacy', 'routes/privacy', async () => ({
        Component: (await import('@/routes/privacy')).PrivacyRoute,
      })),
      page('terms', 'terms', 'routes/terms', async () => ({ Component: (await import('@/routes/terms')).TermsRoute })),
      page('blog-post', 'blog/:slug', 'routes/blog-post', async () => ({
        Component: (await import('@/routes/blog-post')).BlogPostRoute,
      })),
      ...CITY_SLUGS.map((slug) => page(`city-${slug}`, slug, 'routes/city', loadCity)),
      { id: 'not-found', path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** Every route of the app: the staff area first, so /auth and /admin win over the public not-found. */
export const routes: RouteObject[] = [...staffRoutes, ...publicRoutes];

/** Every path the table names outright (no parameters, no splat), e.g. for prerendering. */
export function staticPaths(table: readonly RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path?.includes(':') || route.path?.includes('*')) return [];
    const here = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/';
    const own = route.index || (route.path && !route.children) ? [here] : [];
    return [...own, ...staticPaths(route.children ?? [], here)];
  });
}

/** The page modules of the matched routes, for the prerender's preloads. */
export function pageModules(handles: readonly unknown[]): string[] {
  return handles.flatMap((h) =>
    h && typeof (h as PageHandle).module === 'string' ? [(h as PageHandle).module] : [],
  );
}

/**
 * Loads the lazy route modules that `pathname` matches and puts them into
 * the route objects, so the first render (hydration) draws the same page
 * the server did instead of a loading state.
 */
export async function loadMatchedRoutes(table: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
