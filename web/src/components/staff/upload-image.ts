// POST /api/upload-image (SPEC §7: multipart field `file`, answer field
// `url`). XMLHttpRequest rather than fetch, because only it reports upload
// progress; failures become the same ApiError every other call throws, so
// errorMessage()/serverMessage() read the server's message alike.
import type { ImageJson, UploadImageResponseJson } from '@/gen/trenchless/media/v1/media_pb';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** SPEC §9: the image upload maximum, stated to staff (the server enforces it). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '5 MB';
/** What the media service accepts (it sniffs the bytes; the name does not matter). */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

export type UploadedImage = Emitted<UploadImageResponseJson>;

export type UploadOptions = {
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export function uploadImage(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload-image');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress?.(1);
          resolve(JSON.parse(xhr.responseText) as UploadedImage);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, 'The server sent an answer that is not JSON.'));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new TypeError('The upload could not reach the server. Check the connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/** A library image as PATCH /api/admin/media/{key} answers it. */
export type StoredImage = Emitted<ImageJson>;

/**
 * PATCH /api/admin/media/{key} with {altText}: stores an image's alt text in
 * the media library (the server trims it; at most 300 characters), so the
 * next person to use the image is offered it.
 */
export async function saveImageAlt(key: string, altText: string): Promise<StoredImage> {
  const res = await apiRequest('PATCH', `/api/admin/media/${encodeURIComponent(key)}`, { altText });
  return (await res.json()) as StoredImage;
}
