// Images in the rich-text editor: uploaded through POST /api/upload-image,
// or, when the upload fails, the site's default image so the body still
// shows where the picture goes (SPEC §7 "On upload failure the rich-text
// editor falls back to a default image path").
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import type { UploadedImage, UploadOptions } from '../upload-image';

/** SPEC §7: what the editor inserts when an upload fails (the public article's default image). */
export const FALLBACK_IMAGE_SRC = '/images/article-default.svg';

/**
 * The widest rendition the media service makes (README "Images"): wide
 * enough for the article column on a 2× screen, and served as WebP to
 * browsers that take it. Smaller originals are served whole.
 */
export const BODY_IMAGE_WIDTH = 1600;

/** What goes into the editor as an <img>. */
export type EditorImage = { src: string; alt: string; width?: number; height?: number };

export type ImageUploadResult =
  | { ok: true; image: EditorImage }
  | { ok: false; image: EditorImage; message: string };

/** Where to show an uploaded image: the 1600-wide rendition of a /media/ image; other addresses as they are. */
export function displayImageSrc(url: string): string {
  return url.startsWith('/media/') && !url.includes('?') ? `${url}?w=${BODY_IMAGE_WIDTH}` : url;
}

/** The message for a failed upload: the server's own, else one for people (never raw HTML or a status line). */
export function uploadFailureMessage(err: unknown): string {
  const fromServer = serverMessage(err);
  if (fromServer) return fromServer;
  if (err instanceof ApiError) return 'The image could not be uploaded.';
  return errorMessage(err);
}

/**
 * Uploads `file` and says which image to insert: the uploaded one with its
 * size (so the page reserves its space), or the fallback with the reason.
 * A cancelled upload (AbortError) rejects instead: nothing is inserted.
 * `upload` is uploadImage, passed in so tests need no server.
 */
export async function uploadEditorImage(
  file: File,
  alt: string,
  upload: (file: File, options: UploadOptions) => Promise<UploadedImage>,
  options: UploadOptions = {},
): Promise<ImageUploadResult> {
  const text = alt.trim();
  try {
    const uploaded = await upload(file, options);
    const image: EditorImage = { src: displayImageSrc(uploaded.url), alt: text };
    if (uploaded.width > 0 && uploaded.height > 0) {
      image.width = uploaded.width;
      image.height = uploaded.height;
    }
    return { ok: true, image };
  } catch (err) {
    // Cancelled by the person: nothing to insert, nothing to report.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return { ok: false, image: { src: FALLBACK_IMAGE_SRC, alt: text }, message: uploadFailureMessage(err) };
  }
}
