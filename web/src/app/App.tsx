import { useEffect } from 'react';
import { GuardedBrowserRouter } from '@/lib/guarded-history';
import { markHydrated } from '@/lib/island';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The browser app; main.tsx loads the matched pages' code before rendering it. */
export function App() {
  useEffect(markHydrated, []);
  return (
    <AppProvider>
      <GuardedBrowserRouter>
        <AppRoutes />
      </GuardedBrowserRouter>
    </AppProvider>
  );
}
