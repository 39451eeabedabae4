import { useInfiniteQuery } from '@tanstack/react-query';
import { listImagesQueryOptions } from '@/components/staff/media-picker/library';

// The library's query lives with the media picker (staff-shared code), so the
// tab and the picker share one cache; the tab's imports stay as they were.
export {
  IMAGES_PAGE_SIZE,
  imagesQueryKey,
  listImages,
  listImagesQueryOptions,
  mapImages,
  type ImagesData,
  type ImagesPage,
  type LibraryImage,
} from '@/components/staff/media-picker/library';

export function useImages() {
  return useInfiniteQuery(listImagesQueryOptions());
}
