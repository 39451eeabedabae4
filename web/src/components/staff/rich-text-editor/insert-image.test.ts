import { describe, expect, it } from 'vitest';
import { DEFAULT_ARTICLE_IMAGE } from '@/features/blog/components/ArticleView';
import { ApiError } from '@/lib/api-client';
import type { UploadedImage, UploadOptions } from '../upload-image';
import { displayImageSrc, FALLBACK_IMAGE_SRC, uploadEditorImage } from './insert-image';

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

describe('displayImageSrc', () => {
  it('asks the media service for the 1600-wide rendition of its own images only', () => {
    expect(displayImageSrc('/media/abc.jpg')).toBe('/media/abc.jpg?w=1600');
    expect(displayImageSrc('/media/abc.jpg?w=960')).toBe('/media/abc.jpg?w=960');
    expect(displayImageSrc('/images/article-default.svg')).toBe('/images/article-default.svg');
    expect(displayImageSrc('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });
});
