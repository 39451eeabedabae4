import { describe, expect, it } from 'vitest';
import { filterImages, imageName, mapImages, nextGridIndex, thumbnailSize, thumbnailSrc, type ImagesData, type LibraryImage } from './library';

const image = (key: string, originalName: string, altText = ''): LibraryImage =>
  ({ key, url: `/media/${key}`, originalName, altText, mime: 'image/png', width: 800, height: 600, bytes: 1, variants: [] }) as unknown as LibraryImage;

const driveway = image('a.png', 'IMG_2041.png', 'Cracked clay pipe under a driveway');
const liner = image('b.jpg', 'cipp-liner.jpg', 'Technician lining a sewer pipe');
const bare = image('c.webp', '', '');

describe('filterImages', () => {
  it('keeps every image for an empty or blank query', () => {
    expect(filterImages([driveway, liner, bare], '')).toEqual([driveway, liner, bare]);
    expect(filterImages([driveway, liner], '   ')).toEqual([driveway, liner]);
  });

  it('matches the file name or the alt text, any case, every word in any order', () => {
    expect(filterImages([driveway, liner, bare], 'PIPE')).toEqual([driveway, liner]);
    expect(filterImages([driveway, liner, bare], 'driveway clay')).toEqual([driveway]);
    expect(filterImages([driveway, liner, bare], 'cipp')).toEqual([liner]);
    expect(filterImages([driveway, liner, bare], 'img_2041')).toEqual([driveway]);
    expect(filterImages([driveway, liner, bare], 'clay liner')).toEqual([]);
  });

  it('finds an image without a name by its key', () => {
    expect(imageName(bare)).toBe('c.webp');
    expect(filterImages([driveway, bare], 'webp')).toEqual([bare]);
  });
});

describe('nextGridIndex', () => {
  // 7 images, 3 to a row:  0 1 2 / 3 4 5 / 6
  it('moves one image left or right, stopping at the ends', () => {
    expect(nextGridIndex(1, 'ArrowRight', 7, 3)).toBe(2);
    expect(nextGridIndex(2, 'ArrowRight', 7, 3)).toBe(3);
    expect(nextGridIndex(6, 'ArrowRight', 7, 3)).toBe(6);
    expect(nextGridIndex(0, 'ArrowLeft', 7, 3)).toBe(0);
  });

  it('moves a row up or down, staying put where the row has no image below', () => {
    expect(nextGridIndex(1, 'ArrowDown', 7, 3)).toBe(4);
    expect(nextGridIndex(4, 'ArrowDown', 7, 3)).toBe(4);
    expect(nextGridIndex(3, 'ArrowDown', 7, 3)).toBe(6);
    expect(nextGridIndex(4, 'ArrowUp', 7, 3)).toBe(1);
    expect(nextGridIndex(1, 'ArrowUp', 7, 3)).toBe(1);
  });

  it('goes to the first and last with Home and End, and ignores other keys', () => {
    expect(nextGridIndex(4, 'Home', 7, 3)).toBe(0);
    expect(nextGridIndex(0, 'End', 7, 3)).toBe(6);
    expect(nextGridIndex(0, 'Enter', 7, 3)).toBeNull();
    expect(nextGridIndex(0, 'ArrowDown', 0, 3)).toBeNull();
    // A single column (a narrow screen): down is the next image.
    expect(nextGridIndex(0, 'ArrowDown', 3, 0)).toBe(1);
  });
});

describe('thumbnails', () => {
  it('asks for the 480-wide rendition, sized as it will be', () => {
    expect(thumbnailSrc('a.png')).toBe('/media/a.png?w=480');
    expect(thumbnailSize({ width: 1200, height: 900, variants: [] })).toEqual({ width: 480, height: 360 });
    expect(thumbnailSize({ width: 300, height: 200, variants: [] })).toEqual({ width: 300, height: 200 });
  });
});

describe('mapImages', () => {
  it('replaces an image whose alt text was saved, on whichever page it is', () => {
    const data: ImagesData = { pages: [{ images: [driveway], nextPageToken: 'x' }, { images: [bare], nextPageToken: '' }], pageParams: ['', 'x'] };
    const saved = { ...bare, altText: 'Manhole cover' };
    const next = mapImages(data, (i) => (i.key === saved.key ? saved : i));
    expect(next?.pages[1]?.images[0]?.altText).toBe('Manhole cover');
    expect(next?.pages[0]?.images[0]).toBe(driveway);
  });
});
