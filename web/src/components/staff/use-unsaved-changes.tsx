import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useNavigationGuard, type NavigationGuard } from '@/lib/guarded-history';
import { ConfirmDialog } from './ConfirmDialog';

export type UnsavedChanges = {
  /** Render it: the question shown when someone tries to leave. */
  prompt: ReactNode;
  /**
   * Lets the next navigation through without asking, for leaving after a
   * successful save (the form's dirty state has not re-rendered yet).
   */
  release: () => void;
};

/**
 * Asks before unsaved work is lost: in-app navigation (links, back/forward)
 * opens a dialog to stay or leave; closing or reloading the tab gets the
 * browser's own prompt. Only the path counts, so changing the query string
 * of the same page does not ask.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const dirtyRef = useRef(dirty);
  // A layout effect: the guard knows the form is dirty as soon as the page
  // shows it, not a frame later (a quick Back could slip through).
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<NavigationGuard>(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useNavigationGuard(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const release = useCallback(() => {
    dirtyRef.current = false;
  }, []);

  const prompt = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description={<p>You have unsaved changes. If you leave this page now, they will be lost.</p>}
      cancelLabel="Stay on this page"
      confirmLabel="Leave and discard changes"
      destructive
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
  return { prompt, release };
}
