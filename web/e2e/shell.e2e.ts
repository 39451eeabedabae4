import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, holdCode, launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('site shell', () => {
  it('serves unknown paths with the 404 screen and status', async () => {
    const { page, context, errors } = await openPage(browser);
    const resp = await page.goto('/no-such-page');
    expect(resp?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404 - Page Not Found');
    await expect(page.getByText("The page you're looking for doesn't exist or may have been moved.").count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(BASE_URL + '/');
    // The one console error is Chromium reporting the document's own 404.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('opens the Services and Service Areas menus with the keyboard', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    const services = page.getByRole('button', { name: 'Services' });
    await services.focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menuitem');
    await expect.poll(() => items.count()).toBe(4);
    const hrefs = await items.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toEqual(['/services/cipp-lining', '/services/pipe-bursting', '/services/epoxy-coating', '/services/drain-inspections']);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Service Areas' }).click();
    const cities = await page.getByRole('menuitem').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(cities).toEqual(['/scottsdale', '/phoenix', '/tempe', '/mesa', '/chandler', '/gilbert', '/glendale', '/peoria']);
    await page.getByRole('menuitem', { name: 'Tempe' }).click();
    await page.waitForURL(BASE_URL + '/tempe');
    await context.close();
  });

  it('scrolls to anchors on this page and on other pages', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/contact');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL(BASE_URL + '/#about');
    await page.waitForFunction(() => {
      const el = document.getElementById('about');
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    // Get Free Estimate goes to /contact and brings the form into view.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Free Estimate' }).click();
    await page.waitForURL(BASE_URL + '/contact#contact');
    await page.waitForFunction(() => {
      const el = document.getElementById('contact');
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    // A hash in the address is honoured on load.
    await page.goto('/#contact');
    await page.waitForFunction(() => window.scrollY > 200);
    await context.close();
  });

  it('has a mobile drawer that repeats the links and closes after a choice', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    const hrefs = await drawer.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    for (const want of ['/services/cipp-lining', '/services/drain-inspections', '/scottsdale', '/peoria', '/#about', '/resources', '/contact#contact']) {
      expect(hrefs).toContain(want);
    }
    await drawer.getByRole('link', { name: 'Resources' }).click();
    await page.waitForURL(BASE_URL + '/resources');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await context.close();
  });

  it('opens the drawer for a press of the menu button made before the page hydrated', async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 });
    // The home page's own code is what hydration waits for: held until the press is made.
    const release = await holdCode(page, 'home');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.waitForTimeout(300);
    await expect(page.locator('html[data-hydrated]').count()).resolves.toBe(0);
    await expect(page.getByRole('dialog', { name: 'Menu' }).count()).resolves.toBe(0);
    release();
    // Late, not lost: once the page has hydrated, the press is made again, once.
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog', { name: 'Menu' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the header on one row, with the phone number where it fits', async () => {
    // From 1280 px the number fits beside the menu and its language switch, in either language; below, it gives
    // way (it is in the hero and the drawer); below 1101 px the menu button replaces the menu.
    for (const path of ['/', '/es/']) {
      const { page, context } = await openPage(browser, { width: 1280, height: 900 });
      await page.goto(path);
      const header = page.locator('header.site-header');
      const call = header.getByRole('link', { name: /^(Call|Llame al) \(/ });
      for (const [width, shown] of [
        [1440, true],
        [1280, true],
        [1200, false],
        [1024, false],
      ] as const) {
        await page.setViewportSize({ width, height: 800 });
        expect((await header.boundingBox())?.height, `${path} at ${width} px`).toBeLessThan(80);
        await expect(call.isVisible(), `${path} at ${width} px`).resolves.toBe(shown);
      }
      await context.close();
    }
  });

  it('has every footer link', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const hrefs = await page.locator('footer a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    for (const want of ['/services/cipp-lining', '/services/drain-inspections', '/services/epoxy-coating', '/resources',
      '/services/pipe-bursting', '/scottsdale', '/phoenix', '/tempe', '/mesa', '/chandler', '/gilbert', '/glendale', '/peoria',
      '/privacy', '/terms', '/sitemap']) {
      expect(hrefs).toContain(want);
    }
    expect(hrefs.filter((h) => h?.startsWith('https://'))).toHaveLength(4);
    expect(hrefs.some((h) => h?.startsWith('tel:'))).toBe(true);
    expect(hrefs.some((h) => h?.startsWith('mailto:'))).toBe(true);
    await context.close();
  });

  it('has no WCAG 2.1 AA violations on / and /contact', async () => {
    for (const path of ['/', '/contact']) {
      const { page, context, errors } = await openPage(browser);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });
});
