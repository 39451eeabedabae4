import { useEffect } from 'react';
import { GuardedBrowserRouter } from '@/lib/guarded-history';
import { whenSlicesHydrated } from '@/lib/hydration-slices';
import { markHydrated } from '@/lib/early-submits';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The browser app; main.tsx loads the matched pages' code before rendering it. */
export function App() {
  // The page says it is ready once its last hydration slice has hydrated.
  useEffect(() => void whenSlicesHydrated().then(markHydrated), []);
  return (
    <AppProvider>
      <GuardedBrowserRouter>
        <AppRoutes />
      </GuardedBrowserRouter>
    </AppProvider>
  );
}
