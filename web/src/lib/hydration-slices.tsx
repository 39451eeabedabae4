// Time-sliced hydration. Preact hydrates a prerendered page in one
// synchronous task, and on a long page that task keeps a mid-range phone from
// answering input for a few hundred milliseconds (Lighthouse's Total Blocking
// Time). A <HydrationSlice> boundary suspends while the first page hydrates:
// Preact then keeps the slice's server HTML exactly as it is (nothing is
// removed, nothing moves) and goes on with the rest of the page. Each slice
// hydrates afterwards in a task of its own, one after another in document
// order, so the browser can paint and handle input in between.
//
// The prerender marks each slice's HTML as a suspended range
// (<!--$s-->…<!--/$s-->), which is how Preact knows exactly which server
// nodes a waiting slice owns, whatever its children render (one element,
// several, or none). After the first page (client-side navigation), and in
// any other server render, a slice is just its children.
import { Children, Suspense, type ReactNode } from 'react';

let hydrating = false;
let markOnServer = false;
let tail: Promise<void> = Promise.resolve();

/** Resolves in a new task (a message, which unlike setTimeout is never clamped). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `hydrate` (which must hydrate synchronously) with slices deferred, and
 * resolves once every slice it met has hydrated too.
 */
export function hydrateInSlices(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  return whenSlicesHydrated();
}

/** Resolves after the last slice queued so far has hydrated (and its effects were scheduled). */
export function whenSlicesHydrated(): Promise<void> {
  return tail.then(nextTask);
}

/**
 * For the prerender (renderToStringAsync) only: each slice suspends once, so
 * the renderer writes its HTML between suspended-range markers.
 */
export function markSlicesInServerHtml(): void {
  markOnServer = true;
}

// A slice's props object is the same across the server renderer's retry.
const suspendedOnServer = new WeakSet<object>();

type GateProps = { children?: ReactNode };

function Gate(props: GateProps) {
  if (typeof document === 'undefined') {
    if (markOnServer && !suspendedOnServer.has(props)) {
      suspendedOnServer.add(props);
      throw Promise.resolve();
    }
  } else if (hydrating) {
    // Each slice waits one task longer than the one before it.
    const turn = (tail = tail.then(nextTask));
    throw turn;
  }
  return props.children;
}

/** Hydrates its children in a later task of their own (see above). */
export function HydrationSlice({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

/** Each child in a slice of its own: a page's sections, hydrated one per task. */
export function SlicedSections({ children }: { children?: ReactNode }) {
  return <>{Children.map(children, (child) => child && <HydrationSlice>{child}</HydrationSlice>)}</>;
}
