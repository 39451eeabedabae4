// The media picker and alt text reaching the media library (issue 28): the
// editor's image dialog stores the alt text typed on the uploaded image,
// picks library images by keyboard, the post form takes its image from the
// library, and the Media tab fits a 390 px phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { png } from './images';
import { axeViolations, signInAsStaff } from './staff';

type LibraryImage = { key: string; url: string; originalName: string; altText: string };

let browser: Browser;
/** One staff session for the whole file: sign-in is rate limited. */
let staffCookies: Awaited<ReturnType<BrowserContext['cookies']>>;
/** Unique per run: names, alt texts and pixels never collide with earlier runs. */
const RUN = Date.now().toString(36);
const SEED = Date.now() % 100_000;
/** Library images this file made, deleted at the end. */
const made = new Set<string>();
/** An image already in the library, with alt text (made through the API). */
let described: LibraryImage;
const DESCRIBED_ALT = `Root mass in a clay sewer ${RUN}`;

async function upload(context: BrowserContext, name: string, buffer: Buffer): Promise<LibraryImage> {
  const res = await context.request.post(`${BASE_URL}/api/upload-image`, {
    multipart: { file: { name, mimeType: 'image/png', buffer } },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { key, url } = (await res.json()) as { key: string; url: string };
  made.add(key);
  return { key, url, originalName: name, altText: '' };
}

async function library(context: BrowserContext): Promise<LibraryImage[]> {
  const res = await context.request.get(`${BASE_URL}/api/admin/media?pageSize=200`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { images: LibraryImage[] }).images;
}

beforeAll(async () => {
  browser = await launch();
  const { context } = await openPage(browser);
  await signInAsStaff(context);
  staffCookies = await context.cookies();
  described = await upload(context, `roots-${RUN}.png`, png(320, 240, { noise: true, seed: SEED + 1 }));
  const res = await context.request.patch(`${BASE_URL}/api/admin/media/${described.key}`, {
    data: { altText: DESCRIBED_ALT },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  described.altText = DESCRIBED_ALT;
  await context.close();
});

afterAll(async () => {
  if (browser && staffCookies) {
    const { context } = await openPage(browser);
    await context.addCookies(staffCookies);
    for (const key of made) {
      const res = await context.request.delete(`${BASE_URL}/api/admin/media/${key}`, { headers: { Origin: BASE_URL } });
      expect([200, 404], `delete ${key}`).toContain(res.status());
    }
    await context.close();
  }
  await browser?.close();
});

/** A page signed in as staff (with the file's session). */
async function staffPage(viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, viewport);
  await opened.context.addCookies(staffCookies);
  return opened;
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const focusedKey = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-image-key') ?? null);

async function openImageDialog(page: Page) {
  await page.goto('/admin/posts/new');
  await editor(page).click();
  await page.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Insert image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert image' });
  await dialog.waitFor();
  return dialog;
}

describe('the editor’s image dialog and the media library', () => {
  it('stores the alt text typed for an uploaded image on the library image', async () => {
    const { page, context, errors } = await staffPage();
    const dialog = await openImageDialog(page);
    const alt = 'Cracked clay pipe under a driveway';
    await dialog.getByLabel('Image file').setInputFiles({ name: `driveway-${RUN}.png`, mimeType: 'image/png', buffer: png(200, 150, { noise: true, seed: SEED + 2 }) });
    await dialog.getByLabel('Alternative text').fill(alt);
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    const img = editor(page).locator(`img[alt="${alt}"]`);
    await img.waitFor();
    const src = (await img.getAttribute('src'))!;
    const key = /^\/media\/([0-9a-f]{64}\.png)\?w=1600$/.exec(src)?.[1];
    expect(key, src).toBeDefined();
    made.add(key!);
    await expect.poll(async () => (await library(context)).find((i) => i.key === key)?.altText).toBe(alt);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for alt text or a decoration mark before inserting', async () => {
    const { page, context } = await staffPage();
    const dialog = await openImageDialog(page);
    await dialog.getByLabel('Image file').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: png(8, 8) });
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    await dialog.getByText('Describe the image, or mark it as decoration.').waitFor();
    await expect(dialog.getByLabel('Alternative text').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(editor(page).locator('img').count()).resolves.toBe(0);
    await context.close();
  });

  it('picks a library image by keyboard, offering its stored alt text', async () => {
    const { page, context, errors } = await staffPage();
    const dialog = await openImageDialog(page);
    const choose = dialog.getByRole('button', { name: 'Choose from the media library' });
    await choose.click();
    const picker = page.getByRole('dialog', { name: 'Choose from the media library' });
    await picker.locator(`[data-image-key="${described.key}"]`).waitFor();
    // Thumbnails show each image's alt text (or that it has none).
    await expect(picker.locator(`[data-image-key="${described.key}"]`).innerText()).resolves.toContain(DESCRIBED_ALT);
    expect(await axeViolations(page)).toEqual([]);

    // Escape closes the picker only; focus goes back to its button.
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect.poll(() => choose.evaluate((el) => el === document.activeElement)).toBe(true);

    // The grid is one tab stop; arrows move within it; Enter picks.
    await page.keyboard.press('Enter');
    await picker.waitFor();
    const filter = picker.getByLabel('Filter by file name or alt text');
    await expect(filter.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await picker.locator('[data-image-key]').first().waitFor();
    const keys = await picker.locator('[data-image-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-image-key')));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedKey(page)).toBe(keys[0]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedKey(page)).toBe(keys[1]);
    await page.keyboard.press('Home');
    await expect.poll(() => focusedKey(page)).toBe(keys[0]);

    // Filtering by alt text narrows the grid to the one image.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type(`root mass ${RUN}`);
    await expect.poll(() => picker.locator('[data-image-key]').count()).toBe(1);
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedKey(page)).toBe(described.key);
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });

    // Back in the image dialog: the stored alt text is offered, focused to review.
    const altField = dialog.getByLabel('Alternative text');
    await expect.poll(() => altField.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(altField.inputValue()).resolves.toBe(DESCRIBED_ALT);
    await expect(dialog.getByTestId('image-dialog-choice').innerText()).resolves.toContain(`roots-${RUN}.png`);
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.waitFor({ state: 'detached' });
    const img = editor(page).locator('img');
    await expect(img.getAttribute('src')).resolves.toBe(`/media/${described.key}?w=1600`);
    await expect(img.getAttribute('alt')).resolves.toBe(DESCRIBED_ALT);
    await expect(img.evaluate((i: HTMLImageElement) => [i.getAttribute('width'), i.getAttribute('height')])).resolves.toEqual(['320', '240']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stores a newly typed alt text on a library image that had none', async () => {
    const { page, context, errors } = await staffPage();
    const bare = await upload(context, `bare-${RUN}.png`, png(120, 90, { noise: true, seed: SEED + 3 }));
    const dialog = await openImageDialog(page);
    await dialog.getByRole('button', { name: 'Choose from the media library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from the media library' });
    const item = picker.locator(`[data-image-key="${bare.key}"]`);
    await item.waitFor();
    await expect(item.innerText()).resolves.toContain('No alt text yet');
    await item.click();
    await picker.waitFor({ state: 'detached' });
    await expect(dialog.getByLabel('Alternative text').inputValue()).resolves.toBe('');
    await dialog.getByLabel('Alternative text').fill(`Manhole cover on a lawn ${RUN}`);
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await editor(page).locator(`img[alt="Manhole cover on a lawn ${RUN}"]`).waitFor();
    await expect.poll(async () => (await library(context)).find((i) => i.key === bare.key)?.altText).toBe(`Manhole cover on a lawn ${RUN}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the post form’s image', () => {
  it('is chosen from the media library', async () => {
    const { page, context, errors } = await staffPage();
    await page.goto('/admin/posts/new');
    const open = page.getByRole('button', { name: 'Choose from the library…' });
    await open.click();
    const picker = page.getByRole('dialog', { name: 'Choose the post’s image' });
    await picker.locator(`[data-image-key="${described.key}"]`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await picker.locator(`[data-image-key="${described.key}"]`).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByLabel('Image URL').inputValue()).toBe(`/media/${described.key}?w=1600`);
    const thumb = page.locator('.post-image__thumb');
    await expect(thumb.getAttribute('src')).resolves.toBe(`/media/${described.key}?w=1600`);
    await expect.poll(() => thumb.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the Media tab on a phone', () => {
  it('has no sideways scroll at 390×844, and every card’s buttons are on screen', async () => {
    const { page, context, errors } = await staffPage({ width: 390, height: 844 });
    await page.goto('/admin/media');
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    // Long unbroken file names are the hardest case for a narrow screen: an
    // upload (its row and its card) and a refused file (its reason).
    const long = `a-very-long-file-name-without-any-breaks-${RUN}-${'x'.repeat(60)}`;
    await page.locator('input[type="file"]').setInputFiles([
      { name: `${long}.png`, mimeType: 'image/png', buffer: png(90, 60, { noise: true, seed: SEED + 4 }) },
      { name: `${long}.txt`, mimeType: 'text/plain', buffer: Buffer.from('notes') },
    ]);
    await page.getByRole('alert').filter({ hasText: `${long}.txt` }).waitFor();
    const card = page.locator('article.media-card').filter({ has: page.getByRole('heading', { name: `${long}.png`, exact: true }) });
    await card.waitFor({ timeout: 30_000 });
    made.add((await card.getAttribute('data-image-key'))!);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    // What sticks out, named, so a failure says where to look.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    );
    expect(overflow, wide.join(', ')).toBeLessThanOrEqual(0);
    const outside = await page.locator('article.media-card').evaluateAll((cards) =>
      cards.flatMap((card) =>
        [...card.querySelectorAll('button, textarea')].flatMap((el) => {
          const r = el.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth ? [] : [`${el.textContent?.trim() || el.tagName} ${Math.round(r.left)}–${Math.round(r.right)}`];
        }),
      ),
    );
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
