// Toast state for the whole app (the shadcn/ui pattern): one module-level
// store, so any code (a mutation callback, an event handler) can call
// `toast()` without a context, and <Toaster /> renders what the store holds.
import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastProps } from './toast';

/** SPEC §9: one toast at a time. */
export const TOAST_LIMIT = 1;
/** SPEC §9: a dismissed toast is removed from the store 1,000,000 ms later. */
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToasterToast = ToastProps & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

export type ToastState = { toasts: ToasterToast[] };

export type ToastStoreAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

/**
 * Pure state transitions. A new toast goes first and pushes out any beyond
 * TOAST_LIMIT; dismissing closes (open: false) so the exit animation can run;
 * removing drops it. Without an id, dismiss and remove apply to every toast.
 */
export function reducer(state: ToastState, action: ToastStoreAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { toasts: [] };
      return { toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const EMPTY: ToastState = { toasts: [] };
let memoryState: ToastState = EMPTY;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function scheduleRemoval(toastId: string) {
  if (removeTimers.has(toastId)) return;
  removeTimers.set(
    toastId,
    setTimeout(() => {
      removeTimers.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY),
  );
}

function dispatch(action: ToastStoreAction) {
  // Side effects stay out of the reducer: a dismissal starts the removal timer.
  if (action.type === 'DISMISS_TOAST') {
    const ids = action.toastId === undefined ? memoryState.toasts.map((t) => t.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  memoryState = reducer(memoryState, action);
  listeners.forEach((listener) => listener());
}

/** The store as an external store for useSyncExternalStore (and tests). */
export const toastStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): ToastState => memoryState,
  getServerSnapshot: (): ToastState => EMPTY,
};

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

export type ToastInput = Omit<ToasterToast, 'id'>;

/** Shows a toast (replacing the one on screen) and returns handles to it. */
export function toast(props: ToastInput) {
  const id = genId();
  const update = (next: ToastInput) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });

  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
        props.onOpenChange?.(open);
      },
    },
  });

  return { id, dismiss, update };
}

/** Dismisses one toast, or all of them without an id. */
export function dismissToast(toastId?: string) {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

export function useToast() {
  const state = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getServerSnapshot);
  return { ...state, toast, dismiss: dismissToast };
}
