import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { uploadImage, type UploadedImage, type UploadOptions } from '@/components/staff/upload-image';
import { imagesQueryKey } from './list-images';

/**
 * POST /api/upload-image (the shared XHR helper, for its progress events).
 * A stored image re-reads the library, where it comes first (newest first).
 */
export function useUploadImage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (file: File, options: UploadOptions): Promise<UploadedImage> => {
      const uploaded = await uploadImage(file, options);
      void queryClient.invalidateQueries({ queryKey: imagesQueryKey });
      return uploaded;
    },
    [queryClient],
  );
}
