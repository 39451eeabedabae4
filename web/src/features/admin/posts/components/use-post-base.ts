import { useCallback, useRef, useState } from 'react';
import type { AdminPost } from '../api/get-admin-posts';

export type PostBase = {
  /** The stored version the form is based on (none for a post not yet stored). */
  base: AdminPost | undefined;
  /** The same, for code that runs after an await. */
  baseRef: { readonly current: AdminPost | undefined };
  setBase: (next: AdminPost) => void;
};

/**
 * The stored version the form is based on (issue 28): sent as baseVersion
 * with every update, so a save over someone else's newer version is refused
 * rather than silently undoing it; and the "before" of a merge. It is the
 * post as loaded, then whatever version the form was last set to show (a
 * newer one while nothing was typed, theirs after a conflict, a restored
 * revision). The query's post can be newer: someone else saved.
 *
 * The ref serves code that runs after an await (a save waiting for an
 * autosave must be based on the version that autosave made, not on the one
 * its render saw).
 */
export function usePostBase(post: AdminPost | undefined): PostBase {
  const [base, setBaseState] = useState(post);
  const baseRef = useRef(post);
  const setBase = useCallback((next: AdminPost) => {
    baseRef.current = next;
    setBaseState(next);
  }, []);
  return { base, baseRef, setBase };
}
