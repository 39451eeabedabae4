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
 * The widest rendition the media service makes (docs/staff-guide.md, Media): wide
 * enough for the article column on a 2× screen, and served as WebP to
 * browsers that take it. Smaller originals are served whole.
 */
export const BODY_IMAGE_WIDTH = 1600;

/** What goes into the editor as an <img>. */
export type EditorImage = { src: string; alt: string; width?: number; height?: number };

/**
 * The upload worked (`altNotSaved`: why its alt text did not reach the media
 * library, which does not stop the insert), or it failed and `image` is the
 * fallback.
 */
export type ImageUploadResult =
  | { ok: true; image: EditorImage; altNotSaved?: string }
  | { ok: false; image: EditorImage; message: string };

/** Stores an image's alt text in the media library (saveImageAlt; passed in so tests need no server). */
export type StoreAlt = (key: string, altText: string) => Promise<unknown>;

/** An image already in the media library, as the picker hands it over. */
export type PickedImage = { key: string; url: string; altText: string; width: number; height: number };

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

/** The message when an alt text could not be stored in the media library (the image still goes in). */
export const ALT_NOT_SAVED_MESSAGE =
  'The image was inserted, but its alt text could not be saved in the media library. You can add it in the Media tab.';

/**
 * Uploads `file` and says which image to insert: the uploaded one with its
 * size (so the page reserves its space), or the fallback with the reason.
 * A cancelled upload (AbortError) rejects instead: nothing is inserted.
 * With `storeAlt`, a non-empty alt text is then stored on the new library
 * image too, so it is not typed again when the image is reused; an empty
 * one (decoration) leaves the library alone. `upload` is uploadImage,
 * `storeAlt` saveImageAlt, passed in so tests need no server.
 */
export async function uploadEditorImage(
  file: File,
  alt: string,
  upload: (file: File, options: UploadOptions) => Promise<UploadedImage>,
  options: UploadOptions = {},
  storeAlt?: StoreAlt,
): Promise<ImageUploadResult> {
  const text = alt.trim();
  let uploaded: UploadedImage;
  try {
    uploaded = await upload(file, options);
  } catch (err) {
    // Cancelled by the person: nothing to insert, nothing to report.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return { ok: false, image: { src: FALLBACK_IMAGE_SRC, alt: text }, message: uploadFailureMessage(err) };
  }
  const image = sizedImage(uploaded.url, text, uploaded.width, uploaded.height);
  if (!storeAlt || text === '' || !uploaded.key) return { ok: true, image };
  const altNotSaved = await storeAltQuietly(storeAlt, uploaded.key, text);
  return altNotSaved ? { ok: true, image, altNotSaved } : { ok: true, image };
}

/**
 * The alt text to offer for a library image: what is stored on it, unless
 * the person has typed something other than the previous offer (theirs wins).
 */
export function defaultAltText(typed: string, offered: string, picked: Pick<PickedImage, 'altText'>): string {
  return typed.trim() === '' || typed === offered ? picked.altText : typed;
}

/**
 * Whether inserting a library image with alt `typed` should store it on the
 * image: only when the library has none. A stored one is not overwritten
 * (another page may describe the same picture differently on purpose).
 */
export function altToStore(picked: Pick<PickedImage, 'altText'>, typed: string): string | null {
  const text = typed.trim();
  return picked.altText.trim() === '' && text !== '' ? text : null;
}

/**
 * The library image to insert, with its size and the alt text typed; the
 * alt is stored on the image when it had none (altToStore). A failed store
 * is reported in `altNotSaved` and never stops the insert.
 */
export async function insertLibraryImage(
  picked: PickedImage,
  alt: string,
  storeAlt: StoreAlt,
): Promise<{ image: EditorImage; altNotSaved?: string }> {
  const text = alt.trim();
  const image = sizedImage(picked.url, text, picked.width, picked.height);
  const store = altToStore(picked, text);
  if (store === null) return { image };
  const altNotSaved = await storeAltQuietly(storeAlt, picked.key, store);
  return altNotSaved ? { image, altNotSaved } : { image };
}

function sizedImage(url: string, alt: string, width: number, height: number): EditorImage {
  const image: EditorImage = { src: displayImageSrc(url), alt };
  // The size lets the page reserve the image's space before it loads.
  if (width > 0 && height > 0) {
    image.width = width;
    image.height = height;
  }
  return image;
}

/** Stores the alt text; a failure becomes a message (logged), never an error. */
async function storeAltQuietly(storeAlt: StoreAlt, key: string, alt: string): Promise<string | undefined> {
  try {
    await storeAlt(key, alt);
    return undefined;
  } catch (err) {
    console.warn('The alt text could not be stored in the media library:', err);
    return ALT_NOT_SAVED_MESSAGE;
  }
}
