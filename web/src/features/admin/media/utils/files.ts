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

// The thumbnail's size lives with the picker, which shows the same thumbnails.
export { THUMBNAIL_WIDTH, thumbnailSize } from '@/components/staff/media-picker/library';

/** The public address of an image as a full URL, for pasting anywhere. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}
