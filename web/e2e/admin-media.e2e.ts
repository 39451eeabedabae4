import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { png } from './images';
import { axeViolations, signInAsStaff, toastText } from './staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type LibraryImage = { key: string; url: string; originalName: string; altText: string; width: number; height: number };

async function library(context: BrowserContext): Promise<LibraryImage[]> {
  const res = await context.request.get(`${BASE_URL}/api/admin/media?pageSize=200`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { images: LibraryImage[] }).images;
}

async function openMedia(): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const opened = await openPage(browser);
  await signInAsStaff(opened.context);
  await opened.page.goto('/admin/media');
  await opened.page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
  return opened;
}

/** A library card by the uploaded file's name. */
const card = (page: Page, name: string) => page.locator('article.media-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The upload list's row of a file. */
const uploadRow = (page: Page, name: string) => page.locator('.media-upload-row').filter({ hasText: name });

describe('the Media tab', () => {
  it('uploads with the picker, showing progress, and the image joins the library', async () => {
    const { page, context, errors } = await openMedia();
    // States the limit and the types next to the picker.
    await expect(page.locator('.media-dropzone').innerText()).resolves.toMatch(/JPEG, PNG, WebP or GIF, up to 5 MB each/);

    // A slow link (256 KB/s), so the ~1.5 MB upload's progress can be watched.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    const name = `picker-${Date.now()}.png`;
    await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: png(700, 700, { noise: true }) });

    // The row's progress bar is named by the file and moves between 0 and 100.
    const bar = page.getByRole('progressbar', { name });
    await bar.waitFor();
    await page.waitForFunction(
      (n) => {
        const row = [...document.querySelectorAll('.media-upload-row')].find((r) => r.textContent?.includes(n));
        const p = row?.querySelector('progress');
        return !!p && p.hasAttribute('value') && p.value > 0 && p.value < 100;
      },
      name,
      { timeout: 15_000, polling: 50 },
    );
    await expect(uploadRow(page, name).innerText()).resolves.toMatch(/Uploading… \d+%/);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await uploadRow(page, name).getByText('Uploaded').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('media-announcer').innerText()).resolves.toBe(`${name} uploaded`);

    // The library shows it first, with its facts and the 480-wide thumbnail.
    const item = card(page, name);
    await item.waitFor();
    const first = page.locator('article.media-card').first();
    await expect(first.getByRole('heading').innerText()).resolves.toBe(name);
    await expect(item.innerText()).resolves.toMatch(/700 × 700/);
    const img = item.locator('img');
    const stored = (await library(context)).find((i) => i.originalName === name);
    expect(stored).toBeDefined();
    expect(await img.getAttribute('src')).toBe(`/media/${stored!.key}?w=480`);
    expect(await img.getAttribute('width')).toBe('480');
    expect(await img.getAttribute('height')).toBe('480');
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 480, await img.elementHandle());

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads files dropped on the drop zone and refuses what is not an image', async () => {
    const { page, context, errors } = await openMedia();
    const name = `dropped-${Date.now()}.png`;
    const bytes = png(320, 200, { rgb: [224, 122, 31] }).toString('base64');
    await page.evaluate(
      ({ name, bytes }) => {
        const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([data], name, { type: 'image/png' }));
        dt.items.add(new File(['just some notes'], 'notes.txt', { type: 'text/plain' }));
        const zone = document.querySelector('[data-testid="media-dropzone"]')!;
        for (const type of ['dragenter', 'dragover', 'drop']) {
          zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
        }
      },
      { name, bytes },
    );
    await page.getByRole('alert').filter({ hasText: '“notes.txt” is not a JPEG, PNG, WebP or GIF image.' }).waitFor();
    await uploadRow(page, name).getByText('Uploaded').waitFor({ timeout: 30_000 });
    await card(page, name).waitFor();
    await expect(card(page, name).innerText()).resolves.toMatch(/320 × 200/);
    expect((await library(context)).some((i) => i.originalName === 'notes.txt')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server’s reason for a file over 5 MB and for HTML named .png, and adds nothing', async () => {
    const { page, context } = await openMedia();
    const before = (await library(context)).length;

    const big = Buffer.concat([png(16, 16), Buffer.alloc(6 * 1024 * 1024, 7)]);
    await page.locator('input[type="file"]').setInputFiles({ name: 'too-big.png', mimeType: 'image/png', buffer: big });
    const bigRow = uploadRow(page, 'too-big.png');
    await bigRow.getByRole('alert').filter({ hasText: 'Image must be 5 MB or smaller.' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => toastText(page)).toBe('Upload failed too-big.png: Image must be 5 MB or smaller.');

    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    await page.locator('input[type="file"]').setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: html });
    const htmlRow = uploadRow(page, 'page.png');
    await htmlRow
      .getByRole('alert')
      .filter({ hasText: 'Only JPEG, PNG, WebP and GIF images can be uploaded.' })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => toastText(page)).toBe('Upload failed page.png: Only JPEG, PNG, WebP and GIF images can be uploaded.');

    expect((await library(context)).length).toBe(before);
    await expect(card(page, 'too-big.png').count()).resolves.toBe(0);
    await expect(card(page, 'page.png').count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Finished rows can be cleared.
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await expect(page.locator('.media-upload-row').count()).resolves.toBe(0);
    await context.close();
  });

  it('edits alt text, copies the URL and deletes after confirming', async () => {
    const { page, context, errors } = await openMedia();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const name = `manage-${Date.now()}.png`;
    await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: png(640, 480, { rgb: [30, 120, 60] }) });
    const item = card(page, name);
    await item.waitFor({ timeout: 30_000 });
    const key = (await item.getAttribute('data-image-key'))!;

    // Alt text: saved per image, with a toast; the thumbnail's alt follows.
    const save = item.getByRole('button', { name: `Save alt text for ${name}` });
    await expect(save.isDisabled()).resolves.toBe(true);
    await item.getByLabel(`Alt text for ${name}`).fill('Green test card for the e2e run');
    await save.click();
    await expect.poll(() => toastText(page)).toBe('Success Alt text saved');
    await expect(item.locator('img').getAttribute('alt')).resolves.toBe('Green test card for the e2e run');
    expect((await library(context)).find((i) => i.key === key)?.altText).toBe('Green test card for the e2e run');
    await expect(save.isDisabled()).resolves.toBe(true);

    // Copy URL: the full address is on the clipboard, and it is announced.
    await item.getByRole('button', { name: `Copy URL of ${name}` }).click();
    await page.getByTestId('media-announcer').getByText('URL copied').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(`${BASE_URL}/media/${key}`);
    await item.getByRole('button', { name: `Copied URL of ${name}` }).waitFor();

    // Delete asks first; cancelling keeps the image.
    await item.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await library(context)).some((i) => i.key === key)).toBe(true);
    // The page behind the dialog was not re-rendered from scratch: the upload list is still there.
    await expect(uploadRow(page, name).innerText()).resolves.toContain('Uploaded');

    await item.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete image' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Image deleted');
    await item.waitFor({ state: 'detached' });
    expect((await library(context)).some((i) => i.key === key)).toBe(false);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('media-library-title');
    const gone = await context.request.get(`${BASE_URL}/media/${key}`);
    expect(gone.status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
