import { useEffect, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { markHydrated } from '@/lib/island';
import { AppProvider } from './provider';
import { routes } from './router';

/** The browser app; main.tsx loads the matched routes' code before rendering it. */
export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(markHydrated, []);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
