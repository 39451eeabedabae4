// Entry point. Importing the business config first validates it at start-up:
// a bad VITE_* value throws here, before anything renders.
import '@/config/business';
import '@/styles.css';
import { captureAttribution } from '@/features/lead-form';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';

captureAttribution();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Prerendered pages hydrate; the bare shell (e.g. /admin) renders.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
