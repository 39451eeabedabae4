import { useEffect, useState } from 'react';

/** What "show more" needs of an infinite query (TanStack Query's useInfiniteQuery result). */
type NextPage<TData> = {
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; data?: TData | undefined }>;
};

/**
 * A "Show more …" button's action for a paged list: loads the next page,
 * then moves the focus to the first entry it brought once it is drawn
 * (`focusEntry(index)`), so the keyboard carries on where the new entries
 * start. Nothing new (a failure, or entries gone meanwhile): the focus
 * stays on the button. `countOf` counts the entries an answer holds.
 */
export function useShowMore<TData>(
  list: NextPage<TData>,
  loaded: number,
  countOf: (data: TData | undefined) => number,
  focusEntry: (index: number) => void,
): () => void {
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null || loaded <= focusAt) return;
    focusEntry(focusAt);
    setFocusAt(null);
  }, [focusAt, loaded, focusEntry]);
  return () => {
    if (list.isFetchingNextPage) return;
    const before = loaded;
    setFocusAt(before);
    void list.fetchNextPage().then((result) => {
      if (result.isError || countOf(result.data) <= before) setFocusAt(null);
    });
  };
}
