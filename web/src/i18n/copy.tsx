import { createContext, useContext, type ReactNode } from 'react';

/**
 * A page's data in its language (issue 40): the route module of each
 * language hands its own copy (content/ or content/es/) to the page's
 * sections through this context, so a page's chunk holds one language's
 * copy, never both.
 */
export function createCopy<T>(page: string) {
  const Context = createContext<T | null>(null);

  function CopyProvider({ copy, children }: { copy: T; children: ReactNode }) {
    return <Context.Provider value={copy}>{children}</Context.Provider>;
  }

  function useCopy(): T {
    const copy = useContext(Context);
    if (copy === null) throw new Error(`${page}: no copy; render the section inside its page's CopyProvider`);
    return copy;
  }

  return { CopyProvider, useCopy };
}
