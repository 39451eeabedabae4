import { describe, expect, it } from 'vitest';
import { absoluteUrl, dragHasFiles, imageTypeLabel, splitFiles, thumbnailSize } from './files';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('splitFiles', () => {
  it('sends the four image types and refuses other files with a reason', () => {
    const { accepted, rejected } = splitFiles([
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png'),
      file('c.webp', 'image/webp'),
      file('d.gif', 'image/gif'),
      file('e.svg', 'image/svg+xml'),
      file('notes.pdf', 'application/pdf'),
      file('photo.heic', 'image/heic'),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'c.webp', 'd.gif']);
    expect(rejected.map((r) => r.reason)).toEqual([
      '“e.svg” is not a JPEG, PNG, WebP or GIF image.',
      '“notes.pdf” is not a JPEG, PNG, WebP or GIF image.',
      '“photo.heic” is not a JPEG, PNG, WebP or GIF image.',
    ]);
  });

  it('trusts an image extension when the browser gives no type, and leaves the bytes to the server', () => {
    const { accepted } = splitFiles([file('IMG_1.JPEG', ''), file('page.png', 'image/png')]);
    expect(accepted.map((f) => f.name)).toEqual(['IMG_1.JPEG', 'page.png']);
    expect(splitFiles([file('README', '')]).rejected[0]?.reason).toBe('“README” is not a JPEG, PNG, WebP or GIF image.');
  });

  it('refuses folders and empty files but never checks the size limit (the server does)', () => {
    const { accepted, rejected } = splitFiles([
      file('Photos', '', 0),
      file('blank.png', 'image/png', 0),
      file('huge.jpg', 'image/jpeg', 6 * 1024 * 1024),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['huge.jpg']);
    expect(rejected.map((r) => r.reason)).toEqual([
      '“Photos” is a folder or an empty file. Choose image files.',
      '“blank.png” is empty.',
    ]);
  });
});

describe('image facts', () => {
  it('reacts only to drags that carry files', () => {
    expect(dragHasFiles(['Files'])).toBe(true);
    expect(dragHasFiles(['text/plain', 'text/uri-list'])).toBe(false);
  });

  it('names types for people', () => {
    expect(imageTypeLabel('image/jpeg')).toBe('JPEG');
    expect(imageTypeLabel('image/webp')).toBe('WebP');
    expect(imageTypeLabel('image/avif')).toBe('AVIF');
  });

  it('sizes the 480-wide thumbnail from its variant, else by scaling, never upscaling', () => {
    expect(
      thumbnailSize({ width: 3200, height: 2400, variants: [{ width: 1600, height: 1200 }, { width: 480, height: 360 }] }),
    ).toEqual({ width: 480, height: 360 });
    expect(thumbnailSize({ width: 1000, height: 333, variants: [] })).toEqual({ width: 480, height: 160 });
    expect(thumbnailSize({ width: 300, height: 200, variants: [] })).toEqual({ width: 300, height: 200 });
  });

  it('makes the copied URL absolute', () => {
    expect(absoluteUrl('/media/abc.jpg', 'https://valleytrenchless.example')).toBe(
      'https://valleytrenchless.example/media/abc.jpg',
    );
  });
});
