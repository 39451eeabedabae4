import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveImageAlt } from '@/components/staff/upload-image';
import { imagesQueryKey, mapImages, type ImagesData, type LibraryImage } from './list-images';

export type UpdateImageInput = { key: string; altText: string };

/** PATCH /api/admin/media/{key} with {altText}: the image as stored. */
export function updateImage({ key, altText }: UpdateImageInput): Promise<LibraryImage> {
  return saveImageAlt(key, altText);
}

/** Saves an image's alt text and puts the stored image into the loaded library pages. */
export function useUpdateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImage,
    onSuccess: (image) => {
      queryClient.setQueryData<ImagesData>(imagesQueryKey, (data) =>
        mapImages(data, (i) => (i.key === image.key ? image : i)),
      );
    },
  });
}
