// Edit mode on the public pages (SPEC §4, issue 13): staff turn it on with
// Ctrl+Alt+E or the admin's switch and edit texts in place; a visitor's
// shortcut does nothing and downloads no editing code.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { signInAsStaff, toastText } from './staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const EDITING_CHUNK = /EditableControls|EditModeBar|RichTextEditor/;

async function staffPage(path: string) {
  const opened = await openPage(browser);
  await signInAsStaff(opened.context);
  await opened.page.goto(path);
  await opened.page.waitForLoadState('networkidle');
  // The shortcut's listener is added when the page hydrates; a key pressed
  // before that (a slow CI machine) reaches no one.
  await opened.page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  return opened;
}

async function currentContent(page: Page, key: string): Promise<string> {
  const items = (await (await page.request.get(`${BASE_URL}/api/editable-content`)).json()) as { contentKey: string; content: string }[];
  return items.find((i) => i.contentKey === key)?.content ?? '';
}

async function restore(page: Page, key: string, content: string) {
  const res = await page.request.put(`${BASE_URL}/api/admin/editable-content/${key}`, {
    data: { content },
    headers: { Origin: BASE_URL },
  });
  expect(res.status()).toBe(200);
}

/** Counts PUTs to the editable-content API. */
function countPuts(page: Page): { puts: string[] } {
  const seen = { puts: [] as string[] };
  page.on('request', (r: Request) => {
    if (r.method() === 'PUT' && r.url().includes('/api/admin/editable-content/')) seen.puts.push(r.url());
  });
  return seen;
}

describe('edit mode', () => {
  it('does nothing for a visitor: no indicator, no edit buttons, no editing code downloaded', async () => {
    const { page, context, errors } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Control+Alt+KeyE');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await expect(page.getByRole('complementary', { name: 'Edit mode' }).count()).resolves.toBe(0);
    await expect(page.locator('.ec__button').count()).resolves.toBe(0);
    expect(scripts.filter((s) => EDITING_CHUNK.test(s))).toEqual([]);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('turns on by shortcut for staff, shows edit buttons on hover and focus, saves a text item in place', async () => {
    const { page, context, errors } = await staffPage('/');
    const original = await currentContent(page, 'hero.title');
    const seen = countPuts(page);
    try {
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      await page.keyboard.press('Control+Alt+KeyE');
      const bar = page.getByRole('complementary', { name: 'Edit mode' });
      await bar.waitFor();
      await expect(bar.textContent()).resolves.toContain('Edit mode is on.');
      // Hover shows the button.
      const title = page.locator('#home-hero-title');
      await title.hover();
      const button = page.getByRole('button', { name: /^Edit hero\.title/ });
      await expect.poll(() => button.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
      // Unchanged save: closes, no request.
      await button.click();
      const box = page.getByRole('textbox', { name: /hero\.title/ });
      await expect(box.inputValue()).resolves.toBe(original);
      await expect(box.evaluate((b) => b.getBoundingClientRect().height)).resolves.toBe(200);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(box.count()).resolves.toBe(0);
      expect(seen.puts).toEqual([]);
      // Cancel discards.
      await button.click();
      await box.fill('Discarded text');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(title.textContent()).resolves.toBe(original);
      expect(seen.puts).toEqual([]);
      // Save with markup: stored as plain text, shown in place without a reload.
      await button.click();
      const edited = `Edited <b>in place</b> &amp; live ${Date.now()}`;
      await box.fill(edited);
      await page.getByRole('button', { name: 'Save' }).click();
      const plain = edited.replace('<b>', '').replace('</b>', '').replace('&amp;', '&');
      await expect.poll(() => title.textContent()).toBe(plain);
      await expect.poll(() => toastText(page)).toContain('Content updated successfully');
      expect(seen.puts).toHaveLength(1);
      await expect(currentContent(page, 'hero.title')).resolves.toBe(plain);
      await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(42);
      // The state survives navigation within the tab; the shortcut turns it off.
      await page.goto('/contact');
      await bar.waitFor();
      await page.keyboard.press('Control+Alt+KeyE');
      await expect.poll(() => bar.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await restore(page, 'hero.title', original);
      await context.close();
    }
  });

  it('reaches edit buttons with Tab, edits html items in the rich-text editor, and rolls a failed save back', async () => {
    const { page, context } = await staffPage('/contact');
    await page.keyboard.press('Control+Alt+KeyE');
    await page.getByRole('complementary', { name: 'Edit mode' }).waitFor();
    // Keyboard: Tab until the contact hero's Edit button has focus; it shows.
    const button = page.getByRole('button', { name: /^Edit contact\.hero\.subtitle/ });
    let focused = false;
    for (let i = 0; i < 60 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await button.evaluate((b) => b === document.activeElement).catch(() => false);
    }
    expect(focused).toBe(true);
    await expect.poll(() => button.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
    await page.keyboard.press('Enter');
    const editor = page.getByRole('textbox', { name: /contact\.hero\.subtitle/ });
    await editor.waitFor();
    await expect(editor.textContent()).resolves.toContain('Slow drains, recurring clogs or a sewer smell?');
    await expect(page.locator('.rte').first().evaluate((e) => Math.round(e.getBoundingClientRect().height))).resolves.toBeGreaterThanOrEqual(400);
    // A failed save: the new text shows, then the old text comes back after 200 ms.
    await page.route('**/api/admin/editable-content/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error","code":"internal","details":[]}' }),
    );
    const text = page.locator('[data-ec="contact.hero.subtitle"]');
    const before = await text.innerHTML();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('A failed save');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page)).toContain('Failed to update content');
    await expect.poll(() => text.innerHTML()).toBe(before);
    await context.close();
  });

  it('turns on from the admin switch and shows on the public pages', async () => {
    const { page, context } = await staffPage('/admin');
    await page.getByRole('switch', { name: 'Edit content mode' }).check();
    await page.goto('/services/cipp-lining');
    await page.getByRole('complementary', { name: 'Edit mode' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Edit services\.cipp-lining\.hero\.title/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Leave edit mode' }).click();
    await expect.poll(() => page.locator('.ec__button').count()).toBe(0);
    await context.close();
  });
});
