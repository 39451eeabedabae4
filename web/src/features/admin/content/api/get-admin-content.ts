import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { EditableLocale } from '@/features/editable-content';
import type { ListEditableContentPageResponseJson } from '@/gen/trenchless/content/v1/content_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import { isNewer } from '../utils/content-conflict';
import type { EditableContent } from './list-editable-content';

/** The staff list's path; one text lives under it too: ['/api/admin/editable-content', contentKey]. */
export const adminContentQueryKey = ['/api/admin/editable-content'] as const;

/**
 * Every read of the staff list, whatever its search, category and page
 * size, and none of the single texts: a filter for invalidateQueries and
 * setQueriesData (an empty object matches any query-string object, never a key).
 */
export const adminContentListsQueryKey = [adminContentQueryKey[0], {}] as const;

/** Texts per page of the list (the server's own default; it allows up to 500). */
export const ADMIN_CONTENT_PAGE_SIZE = 100;

export type AdminContentListParams = {
  /** Texts whose key, description or content holds every word of it, in any case ('' = every text). */
  query?: string;
  /** One of the five categories ('' = all). */
  category?: string;
  /** The language the search reads (issue 40): 'es' searches each text as the Spanish site shows it. */
  locale?: EditableLocale;
  /** Only the texts without a Spanish text. */
  missing?: boolean;
  pageSize?: number;
};

/** One page of the list, with the counts the server sends alongside it. */
export type AdminContentPage = Emitted<Omit<ListEditableContentPageResponseJson, 'items'>> & {
  /** The search this page answers (trimmed; '' for none). */
  query: string;
  /** The category this page answers ('' for all). */
  category: string;
  /** Whether this page answers the missing-Spanish filter. */
  missing: boolean;
  items: EditableContent[];
};

export type AdminContentListData = InfiniteData<AdminContentPage, string>;

/** The list's query string: what the key holds (defaults left out), so a key is its request. */
function listParams({ query = '', category = '', locale = 'en', missing = false, pageSize = ADMIN_CONTENT_PAGE_SIZE }: AdminContentListParams) {
  const words = query.trim().replace(/\s+/g, ' ');
  return {
    pageSize,
    query: words || undefined,
    category: category || undefined,
    // The language matters to a search only.
    locale: words && locale === 'es' ? locale : undefined,
    missingTranslation: missing || undefined,
  };
}

export const adminContentListQueryKey = (params: AdminContentListParams) => [adminContentQueryKey[0], listParams(params)] as const;

/**
 * GET /api/admin/editable-content?pageSize=&pageToken=&query=&category=&locale=&missingTranslation=:
 * one page of texts, by category in the site's order, then by key, with
 * how many texts have no Spanish text.
 */
export async function listAdminContent(params: AdminContentListParams, pageToken: string, signal?: AbortSignal): Promise<AdminContentPage> {
  const sent = listParams(params);
  const path = queryKeyToPath([adminContentQueryKey[0], { ...sent, pageToken: pageToken || undefined }]);
  const page = await apiGet<ListEditableContentPageResponseJson>(path, { signal });
  return {
    query: sent.query ?? '',
    category: sent.category ?? '',
    missing: sent.missingTranslation ?? false,
    items: (page.items ?? []) as EditableContent[],
    nextPageToken: page.nextPageToken ?? '',
    totalSize: page.totalSize ?? 0,
    itemCount: page.itemCount ?? 0,
    missingTranslationCount: page.missingTranslationCount ?? 0,
  };
}

export const adminContentListQueryOptions = (params: AdminContentListParams) =>
  infiniteQueryOptions({
    queryKey: adminContentListQueryKey(params),
    queryFn: ({ pageParam, signal }) => listAdminContent(params, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: AdminContentPage) => last.nextPageToken || undefined,
  });

/**
 * The list, a page at a time (fetchNextPage for more). While a new search
 * or category loads, the previous answer stays on screen (isPlaceholderData).
 */
export function useAdminContentList(params: AdminContentListParams) {
  return useInfiniteQuery({ ...adminContentListQueryOptions(params), placeholderData: keepPreviousData });
}

export const adminContentItemQueryKey = (contentKey: string) => [adminContentQueryKey[0], contentKey] as const;

/** GET /api/admin/editable-content/{contentKey}: one text as stored now (404 when there is none). */
export function getAdminContentItem(contentKey: string, signal?: AbortSignal): Promise<EditableContent> {
  return apiGet<EditableContent>(`${adminContentQueryKey[0]}/${encodeURIComponent(contentKey)}`, { signal });
}

/**
 * One text, read fresh each time a form opens it (gcTime 0: no copy is
 * kept once no page shows it). What is read replaces an older copy in the
 * loaded lists too, so going back to the list (and opening the text from it
 * again) shows the newest version known.
 */
export const adminContentItemQueryOptions = (queryClient: QueryClient, contentKey: string) =>
  queryOptions({
    queryKey: adminContentItemQueryKey(contentKey),
    queryFn: async ({ signal }) => {
      const item = await getAdminContentItem(contentKey, signal);
      queryClient.setQueriesData<AdminContentListData>({ queryKey: adminContentListsQueryKey }, (data) => data && withSaved(data, item));
      return item;
    },
    gcTime: 0,
  });

/** The text as a loaded page of any list holds it (a stand-in while the text itself is read). */
export function listedContentItem(queryClient: QueryClient, contentKey: string): EditableContent | undefined {
  for (const [, data] of queryClient.getQueriesData<AdminContentListData>({ queryKey: adminContentListsQueryKey })) {
    const found = data?.pages.flatMap((p) => p.items).find((i) => i.contentKey === contentKey);
    if (found) return found;
  }
  return undefined;
}

/**
 * The form's text: read on every opening and whenever its tab comes back
 * into view (someone else may have saved it meanwhile, issue 28), with the list's copy shown
 * while it comes (the form takes the read one when it is newer: a clean
 * form shows it, typing is kept and a notice says so).
 */
export function useAdminContentItem(contentKey: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...adminContentItemQueryOptions(queryClient, contentKey),
    placeholderData: () => listedContentItem(queryClient, contentKey),
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
}

/** The lists with a saved text in place of its older copy (never an older version over a newer); the same object if no page had it. */
export function withSaved(data: AdminContentListData, saved: EditableContent): AdminContentListData {
  const stale = (i: EditableContent) => i.contentKey === saved.contentKey && !isNewer(i.version, saved.version);
  if (!data.pages.some((page) => page.items.some(stale))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((i) => (stale(i) ? saved : i)) })) };
}

/** The lists without a deleted text, counting one fewer where it was (and missing Spanish, if it was); the same object if no page had it. */
export function withoutItem(data: AdminContentListData, contentKey: string): AdminContentListData {
  const gone = data.pages.flatMap((page) => page.items).find((i) => i.contentKey === contentKey);
  if (!gone) return data;
  const fewer = (n: number) => Math.max(0, n - 1);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((i) => i.contentKey !== contentKey),
      totalSize: fewer(page.totalSize),
      itemCount: fewer(page.itemCount),
      missingTranslationCount: gone.contentEs === undefined ? fewer(page.missingTranslationCount) : page.missingTranslationCount,
    })),
  };
}
