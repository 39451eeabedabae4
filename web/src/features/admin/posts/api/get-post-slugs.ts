import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { adminPostListQueryOptions, type AdminPostSummary } from './get-admin-posts';

/** The editor reads the list in the largest pages the server gives… */
export const SLUG_PAGE_SIZE = 200;
/** …and at most this many of them: the newest 1,000 posts. */
export const SLUG_MAX_PAGES = 5;

/** A post's slug, and whose it is. */
export type PostSlug = Pick<AdminPostSummary, 'id' | 'slug'>;

/**
 * The slugs posts use, so the editor can say a slug is taken as it is
 * typed rather than when the save is refused. Read from the list's
 * summaries (no bodies), newest first, up to SLUG_MAX_PAGES pages: a slug
 * of an older post still gets the server's refusal (409) at the slug field
 * when saving, as does one taken after these were read.
 */
export function usePostSlugs(): readonly PostSlug[] {
  const list = useInfiniteQuery(adminPostListQueryOptions({ pageSize: SLUG_PAGE_SIZE }));
  const { hasNextPage, isFetching, isError, fetchNextPage } = list;
  const pages = list.data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError && pages < SLUG_MAX_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, pages, fetchNextPage]);
  return useMemo(() => list.data?.pages.flatMap((p) => p.posts.map(({ id, slug }) => ({ id, slug }))) ?? [], [list.data]);
}
