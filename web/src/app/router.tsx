import { matchRoutes, type RouteObject } from 'react-router';
import { RootLayout } from '@/components/RootLayout';
import { NotFoundRoute } from '@/routes/not-found';
import { RouteErrorRoute } from '@/routes/route-error';

/**
 * The route table (SPEC §2). Each page is its own chunk (`lazy`), so a page
 * loads only its own code. A lazy route's id is its module under src/ —
 * scripts/prerender.mjs uses it to preload the page's chunk in the page's
 * HTML, and main.tsx resolves the matched modules before hydrating.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      { id: 'routes/home', index: true, lazy: async () => ({ Component: (await import('@/routes/home')).HomeRoute }) },
      {
        id: 'routes/contact',
        path: 'contact',
        lazy: async () => ({ Component: (await import('@/routes/contact')).ContactRoute }),
      },
      { id: 'not-found', path: '*', element: <NotFoundRoute /> },
    ],
  },
];

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
