import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from '@/components/RootLayout';
import { ContactRoute } from '@/routes/contact';
import { HomeRoute } from '@/routes/home';
import { NotFoundRoute } from '@/routes/not-found';
import { RouteErrorRoute } from '@/routes/route-error';

/**
 * The route table (SPEC §2). Public pages render eagerly so they can be
 * prerendered; heavy staff-only and map routes will use `lazy` when added.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'contact', element: <ContactRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
