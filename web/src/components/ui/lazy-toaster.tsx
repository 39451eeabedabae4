// The toaster's code (Radix toast) loads the first time something is toasted,
// or earlier when a feature that toasts (the lead forms) preloads it: no
// page needs it to render, so it stays out of the first load (ADR 0001).
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useToast } from './use-toast';

let loading: Promise<{ default: ComponentType }> | undefined;

/** Fetches the toaster's code ahead of the first toast. */
export function preloadToaster() {
  return (loading ??= import('./toaster').then((m) => ({ default: m.Toaster })));
}

const Toaster = lazy(preloadToaster);

/** Mounted once in AppProvider; renders the real Toaster from the first toast on. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
