// The article page (SPEC §2 "Article page"), opened from the home page's
// blog preview, against the seeded posts of the real content service.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('article page', () => {
  it('opens from the home page preview and shows the article in SPEC order', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    const preview = page.locator('section[aria-labelledby="blog-preview-heading"]');
    const first = preview.locator('a[href^="/blog/"]').first();
    await first.waitFor();
    const href = (await first.getAttribute('href')) ?? '';
    await first.click();
    await page.waitForURL(BASE_URL + href);
    const h1 = page.getByRole('heading', { level: 1 });
    await h1.waitFor();
    const article = page.locator('article.article');
    await expect(article.locator('img.article__hero').getAttribute('src')).resolves.toBeTruthy();
    await expect(article.locator('.article__badge').textContent()).resolves.toBeTruthy();
    await expect(article.getByText(/\d+ min read/).count()).resolves.toBeGreaterThan(0);
    await expect(article.locator('.article__body h2').count()).resolves.toBeGreaterThan(1);
    await expect(article.locator('footer.article__footer dt').allTextContents()).resolves.toEqual([
      'Published',
      'Reading time',
      'Category',
    ]);
    await expect(page.title()).resolves.toContain(await h1.textContent());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is served with the article’s own head tags and copies its address when there is no share sheet', async () => {
    const { page, context, errors } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(BASE_URL).origin });
    const resp = await page.goto('/blog/orangeburg-pipe-guide');
    expect(resp?.status()).toBe(200);
    const html = (await resp?.text()) ?? '';
    expect(html).toContain('<title>How to Tell If You Have Orangeburg Pipe and What to Do About It |');
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/blog\/orangeburg-pipe-guide">/);
    await page.getByRole('heading', { level: 1, name: 'How to Tell If You Have Orangeburg Pipe and What to Do About It' }).waitFor();
    // The body's markdown table renders as a table with a header row.
    await expect(page.locator('.article__body table thead th').count()).resolves.toBeGreaterThan(1);
    const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
    if (!hasShare) {
      await page.getByRole('button', { name: 'Share this article' }).click();
      await page.getByText('Link copied').first().waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(BASE_URL + '/blog/orangeburg-pipe-guide');
    }
    await page.getByRole('link', { name: '← All articles and resources' }).click();
    await page.waitForURL(BASE_URL + '/resources');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says Article Not Found when the post cannot be loaded, and 404s unknown slugs', async () => {
    const { page, context } = await openPage(browser);
    const missing = await page.goto('/blog/no-such-article');
    expect(missing?.status()).toBe(404);
    // A served article carries its post; one reached within the app loads
    // it, and that load can fail.
    await page.route('**/api/blog-posts/orangeburg-pipe-guide', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found","code":"not_found","details":[]}' }),
    );
    await page.goto('/resources');
    await page.locator('a[href="/blog/orangeburg-pipe-guide"]').first().click();
    await page.getByRole('heading', { level: 1, name: 'Article Not Found' }).waitFor();
    await page.getByText("The article you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole('link', { name: 'Back to Resources' }).click();
    await page.waitForURL(BASE_URL + '/resources');
    await context.close();
  });
});
