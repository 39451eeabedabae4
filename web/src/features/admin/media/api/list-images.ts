import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ImageJson, ListImagesResponseJson } from '@/gen/trenchless/media/v1/media_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

export type LibraryImage = Emitted<ImageJson>;
export type ImagesPage = { images: LibraryImage[]; nextPageToken: string };
export type ImagesData = InfiniteData<ImagesPage, string>;

/** Images per 'Load more'. */
export const IMAGES_PAGE_SIZE = 24;

/** The library, newest first. Uploads invalidate it; alt text and deletes edit it in place. */
export const imagesQueryKey = ['/api/admin/media', { pageSize: IMAGES_PAGE_SIZE }] as const;

/** GET /api/admin/media?pageSize=&pageToken=: one page and the next page's token ('' on the last). */
export async function listImages(pageToken: string, signal?: AbortSignal): Promise<ImagesPage> {
  const path = queryKeyToPath(['/api/admin/media', { pageSize: IMAGES_PAGE_SIZE, pageToken: pageToken || undefined }]);
  const page = await apiGet<Emitted<ListImagesResponseJson>>(path, { signal });
  return { images: (page.images ?? []) as LibraryImage[], nextPageToken: page.nextPageToken ?? '' };
}

export const listImagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: imagesQueryKey,
    queryFn: ({ pageParam, signal }) => listImages(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: ImagesPage) => last.nextPageToken || undefined,
  });

export function useImages() {
  return useInfiniteQuery(listImagesQueryOptions());
}

/** The loaded pages with `change` applied to every image (null drops it). */
export function mapImages(
  data: ImagesData | undefined,
  change: (image: LibraryImage) => LibraryImage | null,
): ImagesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      images: page.images.flatMap((image) => {
        const next = change(image);
        return next ? [next] : [];
      }),
    })),
  };
}
