import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { imagesQueryKey, mapImages, type ImagesData } from './list-images';

/** DELETE /api/admin/media/{key}: the image and every variant are gone. */
export async function deleteImage(key: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/media/${encodeURIComponent(key)}`);
}

/** Deletes an image and drops it from the loaded library pages. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: (_, key) => {
      queryClient.setQueryData<ImagesData>(imagesQueryKey, (data) => mapImages(data, (i) => (i.key === key ? null : i)));
    },
  });
}
