// Entry point. Importing the business config first validates it at start-up:
// a bad VITE_* value throws here, before anything renders.
import '@/config/business';
import '@/styles.css';
import { captureAttribution } from '@/features/lead-form/attribution';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrateInSlices } from '@/lib/hydration-slices';
import { holdEarlySubmits } from '@/lib/early-submits';
import { activateLocale } from '@/i18n/catalog';
import { localeOfPath } from '@/i18n/locale';
import { App } from './App';
import { loadMatchedRoutes, routes } from './router';

captureAttribution();
// From here on, a form sent before its code is there waits for it (not the
// browser's own submission: a reload with the details in the address bar).
// Prerendered pages' boot script (src/boot.ts) did so already.
holdEarlySubmits();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The page's own chunk is already preloaded (<link rel="modulepreload">, added by src/boot.ts);
// loading it first makes the first render match the prerendered HTML.
// The page's language's messages (a Spanish page's catalog is preloaded too).
await Promise.all([loadMatchedRoutes(routes, window.location.pathname), activateLocale(localeOfPath(window.location.pathname))]);

// Prerendered pages hydrate; the bare shell (e.g. /admin) renders. Hydration
// is time-sliced: each <HydrationSlice> hydrates in a task of its own.
if (container.firstElementChild) void hydrateInSlices(() => hydrateRoot(container, app));
else createRoot(container).render(app);
