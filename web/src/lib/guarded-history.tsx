// The browser router of the app, with navigation guards (the staff forms'
// "Leave without saving?"). React Router's declarative routing is a third of
// its data router's size (ADR 0004); what the data router adds that the app
// used is `useBlocker`, so this history does that one job: a guarded
// navigation is held — a link or navigate() is not carried out, back/forward
// is undone at once — until the page proceeds or stays.
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
  type To,
} from 'react-router';

/** Decides whether a navigation waits for the page's answer (true = hold it). */
export type NavigationGuard = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

/** What a guard sees of a held navigation, shaped like React Router's blocker. */
export type HeldNavigation =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

type Update = { action: NavigationType; location: Location };
type Held = { guard: NavigationGuard; go: () => void };

/** A browser history whose navigations pass the registered guards first. */
export function createGuardedHistory() {
  const inner = createBrowserHistory({ v5Compat: true });
  const guards = new Set<NavigationGuard>();
  const watchers = new Set<() => void>();
  let held: Held | null = null;
  // Where the app is: after a popstate the browser's address is already the
  // next one, so guards are asked about the location the router last showed.
  let current = inner.location;
  // The pop that undoes a held back/forward, and the one that carries it out.
  let undoing = false;
  let proceeding = false;

  const hold = (next: Held | null) => {
    held = next;
    watchers.forEach((w) => w());
  };
  const guardOf = (nextLocation: Location) =>
    [...guards].find((g) => g({ currentLocation: current, nextLocation }));
  const locationOf = (to: To, state: unknown): Location => ({ ...inner.encodeLocation(to), state, key: 'held' });
  const navigate = (method: 'push' | 'replace', to: To, state?: unknown) => {
    const guard = guardOf(locationOf(to, state));
    if (guard) hold({ guard, go: () => inner[method](to, state) });
    else inner[method](to, state);
  };

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to: To) => inner.createHref(to),
    createURL: (to: To) => inner.createURL(to),
    encodeLocation: (to: To) => inner.encodeLocation(to),
    push: (to: To, state?: unknown) => navigate('push', to, state),
    replace: (to: To, state?: unknown) => navigate('replace', to, state),
    go: (delta: number) => inner.go(delta),
    /** The router's one listener (a browser history takes one). */
    listen(listener: (update: Update) => void): () => void {
      return inner.listen((update) => {
        if (update.action === 'POP') {
          if (undoing) {
            undoing = false;
            return;
          }
          const guard = proceeding ? undefined : guardOf(update.location);
          proceeding = false;
          if (guard && update.delta) {
            const delta = update.delta;
            undoing = true;
            inner.go(-delta);
            hold({
              guard,
              go: () => {
                proceeding = true;
                inner.go(delta);
              },
            });
            return;
          }
        }
        current = update.location;
        listener(update);
      });
    },
    addGuard(guard: NavigationGuard): () => void {
      guards.add(guard);
      return () => {
        guards.delete(guard);
        if (held?.guard === guard) hold(null);
      };
    },
    watchHeld(watcher: () => void): () => void {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    heldBy: (guard: NavigationGuard) => held?.guard === guard,
    proceed() {
      const go = held?.go;
      hold(null);
      go?.();
    },
    stay: () => hold(null),
  };
}

type GuardedHistory = ReturnType<typeof createGuardedHistory>;

const HistoryContext = createContext<GuardedHistory | null>(null);

/** The app's router in the browser: React Router's declarative routing on a guarded history. */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createGuardedHistory);
  const [state, setState] = useState<Update>(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen(setState), [history]);
  return (
    <HistoryContext.Provider value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </HistoryContext.Provider>
  );
}

/**
 * Holds the navigations `shouldBlock` says yes to, like React Router's
 * useBlocker: the result says whether one is held, and proceeds or stays.
 */
export function useNavigationGuard(shouldBlock: NavigationGuard): HeldNavigation {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useNavigationGuard needs GuardedBrowserRouter');
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  const [guard] = useState<NavigationGuard>(() => (args: Parameters<NavigationGuard>[0]) => latest.current(args));
  useEffect(() => history.addGuard(guard), [history, guard]);
  const blocked = useSyncExternalStore(history.watchHeld, () => history.heldBy(guard), () => false);
  return blocked ? { state: 'blocked', proceed: history.proceed, reset: history.stay } : { state: 'unblocked' };
}
