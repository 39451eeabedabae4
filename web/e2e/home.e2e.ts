import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('home page', () => {
  it('has its sections in SPEC order and the blog preview from the API', async () => {
    const { page, context, errors } = await openPage(browser);
    const resp = await page.goto('/');
    expect(resp?.status()).toBe(200);
    // The prerendered HTML already has the page's own head tags.
    const html = await resp!.text();
    expect(html).toMatch(/<title>Trenchless Drain &amp; Sewer Repair in the Phoenix Valley \| Valley Trenchless Pros<\/title>/);
    // Canonical URLs use the build's VITE_PUBLIC_ORIGIN.
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/"/);
    expect(html).toContain('"@type":["LocalBusiness","Plumber"]');
    expect(html).toContain('id="home-hero-title"');

    const ids = await page.locator('main section[aria-labelledby]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-labelledby')));
    const order = ['home-hero-title', 'home-trust-title', 'home-problem-title', 'home-services-title', 'home-project-title',
      'home-process-title', 'home-risk-title', 'home-reviews-title', 'home-videos-title', 'blog-preview-heading'];
    expect(ids.filter((id) => order.includes(id ?? ''))).toEqual(order);

    // Three articles arrive from the content service.
    const posts = page.locator('section[aria-labelledby="blog-preview-heading"] a[href^="/blog/"]');
    await expect.poll(() => posts.count()).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens one video at a time below its card and closes it', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const cards = page.locator('.home-videos__grid button[aria-expanded]');
    await expect(cards.count()).resolves.toBe(8);
    await cards.nth(0).click();
    await expect(cards.nth(0).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.locator('.home-videos__player').count()).resolves.toBe(1);
    await cards.nth(3).click();
    await expect(cards.nth(0).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(cards.nth(3).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.locator('.home-videos__player').count()).resolves.toBe(1);
    await cards.nth(3).click();
    await expect(page.locator('.home-videos__player').count()).resolves.toBe(0);
    await cards.nth(5).click();
    await page.getByRole('button', { name: 'Close Video' }).click();
    await expect(page.locator('.home-videos__player').count()).resolves.toBe(0);
    // Nothing was fetched from the video host: players load only when played.
    await context.close();
  });

  it('expands and collapses neighbourhood sub-areas', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const toggle = page.locator('section[aria-labelledby="home-risk-title"] button[aria-expanded]').first();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    const detail = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(detail.isVisible()).resolves.toBe(true);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });

  it('opens the review page in a new tab and scrolls to the form from the hero', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const review = page.getByRole('link', { name: /Read more reviews/ });
    await expect(review.getAttribute('target')).resolves.toBe('_blank');
    await expect(review.getAttribute('rel')).resolves.toContain('noopener');
    await page.locator('section[aria-labelledby="home-hero-title"] button').first().click();
    await page.waitForFunction(() => {
      const r = document.getElementById('contact')?.getBoundingClientRect();
      return !!r && r.top < window.innerHeight && r.bottom > 0;
    });
    await context.close();
  });

  it('hydrates in slices, keeping every server-rendered element', async () => {
    const { page, context, errors } = await openPage(browser);
    // Record what changes in the document from the end of parsing until the app says it is ready.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { __removed: string[] }).__removed = removed;
      const observer = new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.removedNodes)
            if (n.nodeType === Node.ELEMENT_NODE && !(n as Element).matches('title, meta, link, [aria-busy]')) {
              removed.push((n as Element).outerHTML.slice(0, 80));
            }
      });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') observer.observe(document, { childList: true, subtree: true });
      });
    });
    const resp = await page.goto('/');
    const html = await resp!.text();
    // Every section below the hero, the blog preview, About, the form and the footer is a slice of its own.
    const slices = html.match(/<!--\$s-->/g) ?? [];
    expect(slices.length).toBeGreaterThanOrEqual(13);
    for (const id of ['home-trust-title', 'home-risk-title', 'home-videos-title', 'blog-preview-heading'])
      expect(html).toMatch(new RegExp(`<!--\\$s--><section[^>]*aria-labelledby="${id}"`));
    expect(html).toMatch(/<!--\$s--><footer class="site-footer">/);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    // Hydration adopted the server's elements: none was thrown away and re-created.
    await expect(page.evaluate(() => (window as unknown as { __removed: string[] }).__removed)).resolves.toEqual([]);
    // And every slice is live: a section near the end answers at once.
    const toggle = page.locator('section[aria-labelledby="home-videos-title"] button[aria-expanded]').first();
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
