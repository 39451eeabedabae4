// Entry point. Importing the business config first validates it at start-up:
// a bad VITE_* value throws here, before anything renders.
import '@/config/business';
import '@/styles.css';
import { captureAttribution } from '@/features/lead-form';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { loadMatchedRoutes, routes } from './router';

captureAttribution();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The page's own chunk is already preloaded (<link rel="modulepreload">);
// loading it first makes the first render match the prerendered HTML.
await loadMatchedRoutes(routes, window.location.pathname);

// Prerendered pages hydrate; the bare shell (e.g. /admin) renders. As a
// transition, hydration is time-sliced: it yields to the browser every few
// milliseconds instead of blocking input for the whole page.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
