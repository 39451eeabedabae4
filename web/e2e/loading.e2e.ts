// What loads when (ADR 0001): the lead form, the toaster and the drawer are
// not part of the first load; the form hydrates in place without losing
// what was typed or submitted before its code arrived.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHtml, holdCode, launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Names of the /assets/*.js files the page has requested so far (hash removed). */
function scriptLog(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(r.url()).pathname);
    if (m?.[1]) seen.push(m[1]);
  });
  return () => [...seen];
}

describe('loading on demand', () => {
  it('keeps the form, toaster and drawer code out of the first load of /', async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 });
    const scripts = scriptLog(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts()).toContain('home');
    expect(scripts()).not.toContain('LeadForm');
    expect(scripts()).not.toContain('toaster');
    expect(scripts()).not.toContain('MobileDrawer');
    // The prerendered form is on the page all along.
    await expect(page.locator('#contact form').getByLabel('First name').count()).resolves.toBe(1);
    await expect(page.locator('[data-island]').getAttribute('data-island')).resolves.toBe('waiting');

    // Scrolling towards it fetches and hydrates it, with the toaster.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.locator('[data-island="hydrated"]').waitFor();
    expect(scripts()).toContain('LeadForm');
    expect(scripts()).toContain('toaster');

    // Pointing at the menu button fetches the drawer.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(scripts()).toContain('MobileDrawer');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fetches a prerendered page’s code only after the page has painted, and hydrates it', async () => {
    for (const path of ['/', '/es/', '/phoenix', '/contact']) {
      const { status, html } = await fetchHtml(path);
      expect(status, path).toBe(200);
      // In the head: the boot script and its one import; the rest is a list the boot script reads.
      expect(html.match(/<script type="module"[^>]*>/g), path).toEqual([expect.stringMatching(/src="\/assets\/boot-[\w-]+\.js"/)]);
      expect(html.match(/<link rel="modulepreload"[^>]*>/g), path).toEqual([expect.stringMatching(/href="\/assets\/early-submits-[\w-]+\.js"/)]);
      expect(html, path).toMatch(/<script type="application\/json" id="page-code">\["\/assets\/index-[\w-]+\.js",/);

      const { page, context, errors } = await openPage(browser, { width: 390, height: 844 });
      await page.goto(path);
      await page.locator('html[data-hydrated]').waitFor();
      const { painted, entryRequested } = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        entryRequested: performance.getEntriesByType('resource').find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name))?.startTime ?? NaN,
      }));
      expect(entryRequested, path).toBeGreaterThanOrEqual(painted);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('loads one language’s copy: the English home page no Spanish data, the Spanish none of the English', async () => {
    // A headline stat of each language's content/stats.ts, as the bundles keep the strings.
    const english = 'of pipe problems repaired with CIPP lining';
    const spanish = 'de los problemas de tubería se reparan con revestimiento CIPP';
    for (const [path, own, other] of [
      ['/', english, spanish],
      ['/es/', spanish, english],
    ] as const) {
      const { page, context, errors } = await openPage(browser, { width: 390, height: 844 });
      const bodies: Promise<string>[] = [];
      page.on('response', (r) => {
        if (/\/assets\/.+\.js$/.test(new URL(r.url()).pathname)) bodies.push(r.text());
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const code = (await Promise.all(bodies)).join('\n');
      expect(code, path).toContain(own);
      expect(code, path).not.toContain(other);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('keeps what was typed before the form code arrived', async () => {
    const { page, context, errors } = await openPage(browser);
    const release = await holdCode(page, 'LeadForm');
    await page.goto('/contact');
    const form = page.locator('#contact form');
    await form.getByLabel('First name').fill('Early');
    await form.getByLabel('Last name').fill('Bird');
    await form.getByLabel('Bad odors').check();
    await expect(page.locator('[data-island]').getAttribute('data-island')).resolves.toBe('waiting');
    release();
    await page.locator('[data-island="hydrated"]').waitFor();
    await expect(form.getByLabel('First name').inputValue()).resolves.toBe('Early');
    await expect(form.getByLabel('Last name').inputValue()).resolves.toBe('Bird');
    await expect(form.getByLabel('Bad odors').isChecked()).resolves.toBe(true);
    // And the form knows it: submitting reports only the still-missing fields.
    await form.getByRole('button', { name: 'Schedule Free Inspection' }).click();
    const msgs = (await page.locator('#contact form [role="alert"]').allTextContents()).join(' | ');
    expect(msgs).not.toContain('First name is required');
    expect(msgs).not.toContain('Last name is required');
    expect(msgs).not.toContain('Please select at least one issue');
    expect(msgs).toContain('Valid email is required');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds a submit made before the form code arrived and submits once it has', async () => {
    const { page, context } = await openPage(browser);
    const release = await holdCode(page, 'LeadForm');
    await page.goto('/contact');
    const form = page.locator('#contact form');
    await form.getByLabel('First name').fill('Quick');
    await form.getByLabel('First name').press('Enter');
    await page.waitForTimeout(300);
    // No browser GET submission: the address is unchanged.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('#contact form [role="alert"]').count()).toBe(0);
    release();
    await page.locator('#contact form [role="alert"]').first().waitFor();
    const msgs = (await page.locator('#contact form [role="alert"]').allTextContents()).join(' | ');
    expect(msgs).toContain('Last name is required');
    expect(msgs).not.toContain('First name is required');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});

describe('tooltips, menu typeahead, toasts and the conversion hook', () => {
  it('opens a tooltip 700 ms after hovering, at once on keyboard focus, and closes it with Escape', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Critical risk' });
    await trigger.scrollIntoViewIfNeeded();
    const tip = page.getByRole('tooltip');
    await trigger.hover();
    const hoveredAt = Date.now();
    await page.waitForTimeout(300);
    await expect(tip.count()).resolves.toBe(0);
    await tip.waitFor();
    expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(650);
    await expect(tip.textContent()).resolves.toContain('Orangeburg');
    await expect(trigger.getAttribute('aria-describedby')).resolves.toBe(await tip.getAttribute('id'));
    // The pointer can move onto the text without it vanishing (WCAG 1.4.13).
    const box = await tip.boundingBox();
    if (!box) throw new Error('tooltip has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    await page.waitForTimeout(100);
    await expect(tip.isVisible()).resolves.toBe(true);
    // Moving straight to the next trigger skips the delay (skip delay 300 ms).
    await page.getByRole('button', { name: 'High risk' }).hover();
    await expect.poll(async () => tip.textContent(), { timeout: 250 }).toContain('Cast iron or clay');
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'detached' }).catch(() => tip.waitFor({ state: 'hidden' }));

    // Keyboard: focus opens at once; Escape closes.
    await page.getByRole('button', { name: 'Moderate risk' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(tip.textContent()).resolves.toContain('Mixed or aging');
    await page.keyboard.press('Escape');
    await expect.poll(() => tip.count()).toBe(0);
    await context.close();
  });

  it('jumps to menu items by typed letters', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    await page.getByRole('button', { name: 'Service Areas' }).focus();
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focused).toBe('Scottsdale');
    await page.keyboard.press('g');
    await expect(focused()).resolves.toBe('Gilbert');
    await page.keyboard.press('g');
    await expect(focused()).resolves.toBe('Glendale');
    await page.waitForTimeout(1100);
    await page.keyboard.type('pe');
    await expect(focused()).resolves.toBe('Peoria');
    await page.keyboard.press('End');
    await expect(focused()).resolves.toBe('Peoria');
    await page.keyboard.press('ArrowDown');
    await expect(focused()).resolves.toBe('Scottsdale');
    await page.keyboard.press('Escape');
    await expect(focused()).resolves.toContain('Service Areas');
    await expect(page.getByRole('menu').count()).resolves.toBe(0);
    await context.close();
  });

  it('moves focus to the notifications with F8', async () => {
    const { page, context } = await openPage(browser);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Try again soon.","code":"internal","details":[]}' }),
    );
    await page.goto('/contact');
    const form = page.locator('#contact form');
    await form.getByLabel('First name').fill('Fay');
    await form.getByLabel('Last name').fill('Ate');
    await form.getByLabel('Email').fill('fay@example.com');
    await form.getByLabel('Phone').fill('6025550111');
    await form.getByLabel('Water backups').check();
    await form.getByLabel('Describe your drain issue').fill('Backs up every weekend.');
    await form.getByRole('button', { name: 'Schedule Free Inspection' }).click();
    await page.getByText('Try again soon.').first().waitFor();
    await page.keyboard.press('F8');
    const region = await page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label'));
    expect(region).toBe('Notifications (F8)');
    await context.close();
  });

  it('fires the conversion hook on phone clicks, the e-mail fallback and a successful submission', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.addInitScript(() => {
      const w = window as unknown as { conversions: string[]; gtag_report_conversion: (k: string, done: () => void) => void };
      w.conversions = [];
      w.gtag_report_conversion = (kind, done) => {
        w.conversions.push(kind);
        done();
      };
    });
    const conversions = () => page.evaluate(() => (window as unknown as { conversions: string[] }).conversions);
    // The hook is the links' click handler: a link followed before the page hydrated is not counted.
    await page.goto('/');
    // tel: and mailto: links would leave the page; keep it here.
    await page.evaluate(() =>
      document.addEventListener('click', (e) => {
        if ((e.target as Element).closest('a[href^="tel:"], a[href^="mailto:"]')) e.preventDefault();
      }),
    );
    await page.locator('header').getByRole('link', { name: /^Call / }).click();
    await page.locator('footer').locator('a[href^="tel:"]').first().click();
    await expect(conversions()).resolves.toEqual(['phone_click', 'phone_click']);

    const form = page.locator('#contact form');
    await form.getByLabel('First name').fill('Hook');
    await page.locator('[data-island="hydrated"]').waitFor();
    await page.locator('#contact').getByRole('link', { name: 'Email us instead' }).click();
    await expect(conversions()).resolves.toEqual(['phone_click', 'phone_click', 'email_fallback']);

    await form.getByLabel('Last name').fill('Tester');
    await form.getByLabel('Email').fill('hook.e2e@example.com');
    await form.getByLabel('Phone').fill('6025550123');
    await form.getByLabel('Slow drainage').check();
    await form.getByRole('button', { name: 'Get My Free Assessment' }).click();
    await page.getByText('Form submitted successfully!').first().waitFor();
    await expect.poll(conversions).toEqual(['phone_click', 'phone_click', 'email_fallback', 'form_submit']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
