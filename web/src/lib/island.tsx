// Hydrate-on-demand "islands" (ADR 0001). A prerendered page hydrates at
// once except for an island: its code is not part of the first load, and its
// server HTML stays on screen, visible and readable, until the code arrives.
// The code is fetched when the island comes within a screen or so of the
// viewport, or as soon as the visitor points at, touches or tabs into it;
// React then hydrates it in place (a Suspense boundary that suspends during
// hydration keeps its server HTML). After the first page, islands mounted by
// client-side navigation load straight away.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

import { early, HELD_EVENT, isPageHydrated, resubmit } from './early-submits';

/** How far outside the viewport an island starts loading (CSS margin). */
export const ISLAND_ROOT_MARGIN = '1200px 0px';

/** The events that mean the visitor is about to use an island. */
const INTENT_EVENTS = ['pointerenter', 'pointerdown', 'touchstart', 'focusin'] as const;

type Loader<P> = () => Promise<ComponentType<P>>;

export type Island<P> = ComponentType<P & { fallback?: ReactNode; className?: string }> & {
  /** Starts loading the island's code now (e.g. ahead of a known need). */
  preload: () => Promise<unknown>;
};

/**
 * Wraps a component whose code should load on demand. `load` resolves to the
 * component; on the server it is awaited (react-dom/static's prerender waits
 * for Suspense), so the page's HTML always holds the island's full markup.
 */
export function island<P extends object>(load: Loader<P>): Island<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load());

  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  type InnerProps = { inner: P; onReady: () => void };
  const Lazy = lazy(async () => {
    if (typeof window !== 'undefined') await gate;
    const Component = await start();
    function Hydrated({ inner, onReady }: InnerProps) {
      useEffect(onReady, [onReady]);
      return <Component {...inner} />;
    }
    return { default: Hydrated };
  });

  function IslandRoot({ fallback = null, className, ...props }: P & { fallback?: ReactNode; className?: string }) {
    const ref = useRef<HTMLDivElement>(null);
    // Mounted after the first page (client-side navigation): no reason to wait.
    const [eager] = useState(isPageHydrated);
    if (eager) release();
    const [ready, setReady] = useState(false);

    // Load on approach or intent.
    useEffect(() => {
      const el = ref.current;
      if (!el || eager) return;
      const go = () => {
        release();
        void start();
        cleanup();
      };
      const io =
        typeof IntersectionObserver === 'function'
          ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
              rootMargin: ISLAND_ROOT_MARGIN,
            })
          : undefined;
      if (io) io.observe(el);
      else go();
      INTENT_EVENTS.forEach((type) => el.addEventListener(type, go, { passive: true }));
      function cleanup() {
        io?.disconnect();
        INTENT_EVENTS.forEach((type) => el?.removeEventListener(type, go));
      }
      return cleanup;
    }, [eager]);

    // A form submitted before its code is there is held (holdEarlySubmits):
    // load the code now, and submit it again once the island has hydrated.
    useEffect(() => {
      const el = ref.current;
      if (!el || ready) return;
      const load = () => {
        release();
        void start();
      };
      if ([...early].some((form) => el.contains(form))) load();
      el.addEventListener(HELD_EVENT, load);
      return () => el.removeEventListener(HELD_EVENT, load);
    }, [ready]);

    const onReady = useCallback(() => setReady(true), []);
    useEffect(() => {
      if (ready && ref.current) resubmit(ref.current);
    }, [ready]);

    return (
      <div ref={ref} className={className} data-island={ready ? 'hydrated' : 'waiting'}>
        <Suspense fallback={fallback}>
          <Lazy inner={props as unknown as P} onReady={onReady} />
        </Suspense>
      </div>
    );
  }

  return Object.assign(IslandRoot, {
    preload: () => {
      release();
      return start();
    },
  });
}
