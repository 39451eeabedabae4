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

const loadCity = async () => ({ Component: (await import('@/routes/city')).CityRoute });
const loadResources = async () => ({ Component: (await import('@/routes/resources')).ResourcesRoute });

/**
 * The route table (SPEC §2). Each page is its own chunk (`lazy`), so a page
 * loads only its own code; `handle.module` names that chunk's module so the
 * prerender can preload it, and main.tsx resolves the matched modules
 * before hydrating.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      {
        id: 'home',
        index: true,
        handle: { module: 'routes/home' } satisfies PageHandle,
        lazy: async () => ({ Component: (await import('@/routes/home')).HomeRoute }),
      },
      {
        id: 'contact',
        path: 'contact',
        handle: { module: 'routes/contact' } satisfies PageHandle,
        lazy: async () => ({ Component: (await import('@/routes/contact')).ContactRoute }),
      },
      {
        id: 'service-cipp-lining',
        path: 'services/cipp-lining',
        handle: { module: 'routes/service-cipp-lining' } satisfies PageHandle,
        lazy: async () => ({ Component: (await import('@/routes/service-cipp-lining')).CippLiningRoute }),
      },
      {
        id: 'service-pipe-bursting',
        path: 'services/pipe-bursting',
        handle: { module: 'routes/service-pipe-bursting' } satisfies PageHandle,
        lazy: async () => ({ Component: (await import('@/routes/service-pipe-bursting')).PipeBurstingRoute }),
      },
      {
        id: 'service-epoxy-coating',
        path: 'services/epoxy-coating',
        handle: { module: 'routes/service-epoxy-coating' } satisfies PageHandle,
        lazy: async () => ({ Component: (await import('@/routes/service-epoxy-coating')).EpoxyCoatingRoute }),
      },
      {
        id: 'service-drain-inspections',
        path: 'services/drain-inspections',
        handle: { module: 'routes/service-drain-inspections' } satisfies PageHandle,
        lazy: async () => ({ Component: (await import('@/routes/service-drain-inspections')).DrainInspectionsRoute }),
      },
      // SPEC §2: /resources and /blog are the same page.
      { id: 'resources', path: 'resources', handle: { module: 'routes/resources' } satisfies PageHandle, lazy: loadResources },
      { id: 'blog', path: 'blog', handle: { module: 'routes/resources' } satisfies PageHandle, lazy: loadResources },
      {
        id: 'sitemap',
        path: 'sitemap',
        handle: { module: 'routes/sitemap' } satisfies PageHandle,
        lazy: async () => ({ Component: (await import('@/routes/sitemap')).SitemapRoute }),
      },
      {
        id: 'blog-post',
        path: 'blog/:slug',
        handle: { module: 'routes/blog-post' } satisfies PageHandle,
        lazy: async () => ({ Component: (await import('@/routes/blog-post')).BlogPostRoute }),
      },
      ...CITY_SLUGS.map(
        (slug): RouteObject => ({
          id: `city-${slug}`,
          path: slug,
          handle: { module: 'routes/city' } satisfies PageHandle,
          lazy: loadCity,
        }),
      ),
      { id: 'not-found', path: '*', element: <NotFoundRoute /> },
    ],
  },
];

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
