import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ARTICLE_IMAGE } from '@/features/blog/components/ArticleView';
import { ApiError } from '@/lib/api-client';
import type { UploadedImage, UploadOptions } from '../upload-image';
import {
  ALT_NOT_SAVED_MESSAGE,
  altToStore,
  defaultAltText,
  displayImageSrc,
  FALLBACK_IMAGE_SRC,
  insertLibraryImage,
  uploadEditorImage,
  type PickedImage,
} from './insert-image';

const file = new File([new Uint8Array([137, 80, 78, 71])], 'trench.png', { type: 'image/png' });

function uploads(answer: UploadedImage | Error) {
  const seen: UploadOptions[] = [];
  const upload = async (_f: File, options: UploadOptions) => {
    seen.push(options);
    options.onProgress?.(0.5);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { upload, seen };
}

describe('uploadEditorImage', () => {
  it('inserts the uploaded image at the widest rendition, with its size and alt text', async () => {
    const progress: number[] = [];
    const { upload } = uploads({ url: '/media/abc.png', key: 'abc.png', width: 1200, height: 800 });
    const result = await uploadEditorImage(file, '  A lined sewer pipe  ', upload, { onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ ok: true, image: { src: '/media/abc.png?w=1600', alt: 'A lined sewer pipe', width: 1200, height: 800 } });
    expect(progress).toEqual([0.5]);
  });

  it('falls back to the default image with the server’s message when the upload is refused', async () => {
    const refused = new ApiError(415, 'Unsupported Media Type', JSON.stringify({ message: 'Only JPEG, PNG, WebP and GIF images can be uploaded.', code: 'invalid_argument', details: [] }));
    const result = await uploadEditorImage(file, 'Pipe', uploads(refused).upload);
    expect(result).toEqual({
      ok: false,
      image: { src: FALLBACK_IMAGE_SRC, alt: 'Pipe' },
      message: 'Only JPEG, PNG, WebP and GIF images can be uploaded.',
    });
  });

  it('never shows a proxy’s raw error page, and passes on network messages', async () => {
    const html = new ApiError(502, 'Bad Gateway', '<html><body>nginx</body></html>');
    await expect(uploadEditorImage(file, '', uploads(html).upload)).resolves.toMatchObject({ ok: false, message: 'The image could not be uploaded.' });
    const offline = new TypeError('The upload could not reach the server. Check the connection and try again.');
    await expect(uploadEditorImage(file, '', uploads(offline).upload)).resolves.toMatchObject({ ok: false, message: offline.message });
  });

  it('inserts nothing when the person cancels', async () => {
    const cancelled = new DOMException('The upload was cancelled.', 'AbortError');
    await expect(uploadEditorImage(file, '', uploads(cancelled).upload)).rejects.toBe(cancelled);
  });

  it('falls back to the image the public article shows by default', () => {
    expect(FALLBACK_IMAGE_SRC).toBe(DEFAULT_ARTICLE_IMAGE);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A fake saveImageAlt: records what was stored, or fails like the server would (quietly: no log in the test output). */
function altStore(failWith?: Error) {
  if (failWith) vi.spyOn(console, 'warn').mockImplementation(() => {});
  const stored: [string, string][] = [];
  const storeAlt = async (key: string, altText: string) => {
    stored.push([key, altText]);
    if (failWith) throw failWith;
    return {};
  };
  return { storeAlt, stored };
}

describe('uploadEditorImage storing the alt text in the media library', () => {
  const uploaded = { url: '/media/abc.png', key: 'abc.png', width: 640, height: 480 };

  it('uploads first, then stores the typed alt text on the new library image', async () => {
    const order: string[] = [];
    const upload = async () => {
      order.push('upload');
      return uploaded;
    };
    const { storeAlt, stored } = altStore();
    const result = await uploadEditorImage(file, '  Cracked clay pipe under a driveway ', upload, {}, async (key, alt) => {
      order.push('store');
      return storeAlt(key, alt);
    });
    expect(order).toEqual(['upload', 'store']);
    expect(stored).toEqual([['abc.png', 'Cracked clay pipe under a driveway']]);
    expect(result).toEqual({
      ok: true,
      image: { src: '/media/abc.png?w=1600', alt: 'Cracked clay pipe under a driveway', width: 640, height: 480 },
    });
  });

  it('still inserts the image when the alt text cannot be stored, and says so', async () => {
    const { storeAlt } = altStore(new ApiError(503, 'Service Unavailable', ''));
    const result = await uploadEditorImage(file, 'Root intrusion', uploads(uploaded).upload, {}, storeAlt);
    expect(result).toEqual({
      ok: true,
      image: { src: '/media/abc.png?w=1600', alt: 'Root intrusion', width: 640, height: 480 },
      altNotSaved: ALT_NOT_SAVED_MESSAGE,
    });
  });

  it('stores nothing for a decorative image (empty alt) or a failed upload', async () => {
    const { storeAlt, stored } = altStore();
    await uploadEditorImage(file, '   ', uploads(uploaded).upload, {}, storeAlt);
    await uploadEditorImage(file, 'Pipe', uploads(new ApiError(500, 'Internal Server Error', '')).upload, {}, storeAlt);
    expect(stored).toEqual([]);
  });
});

describe('library images in the editor', () => {
  const described: PickedImage = { key: 'k1.jpg', url: '/media/k1.jpg', altText: 'Lined sewer pipe', width: 800, height: 600 };
  const bare: PickedImage = { key: 'k2.png', url: '/media/k2.png', altText: '', width: 0, height: 0 };

  it('offers the stored alt text unless the person typed their own', () => {
    expect(defaultAltText('', '', described)).toBe('Lined sewer pipe');
    // The previous offer, untouched, gives way to the new image's.
    expect(defaultAltText('Lined sewer pipe', 'Lined sewer pipe', bare)).toBe('');
    expect(defaultAltText('My own words', '', described)).toBe('My own words');
  });

  it('stores a typed alt text only on an image that has none', () => {
    expect(altToStore(bare, '  Manhole  ')).toBe('Manhole');
    expect(altToStore(bare, '  ')).toBeNull();
    expect(altToStore(described, 'Different words here')).toBeNull();
  });

  it('inserts the image at the widest rendition and stores a new alt text', async () => {
    const { storeAlt, stored } = altStore();
    await expect(insertLibraryImage(described, 'Lined sewer pipe', storeAlt)).resolves.toEqual({
      image: { src: '/media/k1.jpg?w=1600', alt: 'Lined sewer pipe', width: 800, height: 600 },
    });
    await expect(insertLibraryImage(bare, ' Manhole cover ', storeAlt)).resolves.toEqual({
      image: { src: '/media/k2.png?w=1600', alt: 'Manhole cover' },
    });
    expect(stored).toEqual([['k2.png', 'Manhole cover']]);
  });

  it('inserts even when the alt text cannot be stored', async () => {
    const { storeAlt } = altStore(new TypeError('Failed to fetch'));
    await expect(insertLibraryImage(bare, 'Manhole cover', storeAlt)).resolves.toEqual({
      image: { src: '/media/k2.png?w=1600', alt: 'Manhole cover' },
      altNotSaved: ALT_NOT_SAVED_MESSAGE,
    });
  });
});

describe('displayImageSrc', () => {
  it('asks the media service for the 1600-wide rendition of its own images only', () => {
    expect(displayImageSrc('/media/abc.jpg')).toBe('/media/abc.jpg?w=1600');
    expect(displayImageSrc('/media/abc.jpg?w=960')).toBe('/media/abc.jpg?w=960');
    expect(displayImageSrc('/images/article-default.svg')).toBe('/images/article-default.svg');
    expect(displayImageSrc('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });
});
