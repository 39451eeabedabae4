// Which dropped or picked files go to the server, and how library images
// are described. The server decides what an image is (it reads the bytes);
// this only spares a round trip for files that plainly are not images.

/** What a File offers that the checks need (tests pass plain objects). */
export type FileLike = { name: string; type: string; size: number };

/** The types the media service takes, as in ACCEPTED_IMAGE_TYPES. */
const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif)$/i;

export const ACCEPTED_TYPES_LABEL = 'JPEG, PNG, WebP or GIF';

export type Rejected<F> = { file: F; reason: string };

/**
 * Splits files into those worth uploading and those refused here, with a
 * reason a person understands. A file is sent when its type is one of the
 * four image types, or when the browser gives no type but the name ends in
 * an image extension. Size is not checked here: the server states its own
 * limit (SPEC §5: stated, not enforced on the client).
 */
export function splitFiles<F extends FileLike>(files: Iterable<F>): { accepted: F[]; rejected: Rejected<F>[] } {
  const accepted: F[] = [];
  const rejected: Rejected<F>[] = [];
  for (const file of files) {
    const known = file.type in IMAGE_TYPES;
    const untypedImage = file.type === '' && IMAGE_EXTENSIONS.test(file.name);
    if ((known || untypedImage) && file.size > 0) accepted.push(file);
    else if (file.size === 0 && file.type === '')
      rejected.push({ file, reason: `“${file.name}” is a folder or an empty file. Choose image files.` });
    else if (file.size === 0) rejected.push({ file, reason: `“${file.name}” is empty.` });
    else rejected.push({ file, reason: `“${file.name}” is not a ${ACCEPTED_TYPES_LABEL} image.` });
  }
  return { accepted, rejected };
}

/** Whether a drag carries files (not text or a link), so the drop zone only reacts to those. */
export function dragHasFiles(types: readonly string[]): boolean {
  return types.includes('Files');
}

/** "JPEG" for image/jpeg; the subtype in capitals otherwise. */
export function imageTypeLabel(mime: string): string {
  return IMAGE_TYPES[mime] ?? (mime.split('/')[1] ?? mime).toUpperCase();
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

/** The public address of an image as a full URL, for pasting anywhere. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}
