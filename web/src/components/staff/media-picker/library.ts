// The media library as the staff area reads it: GET /api/admin/media, newest
// first, a page at a time (the server takes pageSize and pageToken and has no
// search, so the picker filters what is loaded). Shared by the Media tab and
// the media picker, with one query key, so an alt text saved in one shows in
// the other without a refetch.
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
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

/** The library's thumbnail rendition: 480 wide, never upscaled. */
export const THUMBNAIL_WIDTH = 480;

/**
 * The thumbnail's own size, for the <img> width/height (no layout shift):
 * the stored 480-wide variant when listed, else the full size scaled down
 * to 480 wide (smaller images are not upscaled).
 */
export function thumbnailSize(image: {
  width: number;
  height: number;
  variants: readonly { width?: number; height?: number }[];
}): { width: number; height: number } {
  const variant = image.variants.find((v) => v.width === THUMBNAIL_WIDTH && (v.height ?? 0) > 0);
  if (variant?.width && variant.height) return { width: variant.width, height: variant.height };
  if (image.width <= THUMBNAIL_WIDTH || image.width === 0) return { width: image.width, height: image.height };
  return { width: THUMBNAIL_WIDTH, height: Math.max(1, Math.round((image.height * THUMBNAIL_WIDTH) / image.width)) };
}

/** The address of an image's thumbnail. */
export function thumbnailSrc(key: string): string {
  return `/media/${key}?w=${THUMBNAIL_WIDTH}`;
}

/** What staff call an image: the uploaded file's name, else its key. */
export function imageName(image: Pick<LibraryImage, 'originalName' | 'key'>): string {
  return image.originalName || image.key;
}

/**
 * The images whose file name or alt text holds every word of `query`
 * (any case, any order): "clay drive" finds "Cracked clay pipe under a
 * driveway". An empty query keeps them all.
 */
export function filterImages<I extends Pick<LibraryImage, 'originalName' | 'key' | 'altText'>>(
  images: readonly I[],
  query: string,
): I[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...images];
  return images.filter((image) => {
    const text = `${imageName(image)} ${image.altText}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * Where focus goes in a grid of `count` items `columns` wide when `key` is
 * pressed on item `index`: arrows move one item or one row (stopping at the
 * ends), Home and End go to the first and last. null: not a moving key.
 */
export function nextGridIndex(index: number, key: string, count: number, columns: number): number | null {
  if (count === 0) return null;
  const cols = Math.max(1, columns);
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(last, index + 1);
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return index + cols <= last ? index + cols : index;
    case 'ArrowUp':
      return index - cols >= 0 ? index - cols : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
