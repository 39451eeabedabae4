// Issue 28 "nothing typed is lost" in the Site Content forms, against the
// whole stack: every change is kept in the browser (per item, and as "new"
// for the create form) and offered back after a reload; Restore brings the
// typing back as unsaved changes on the version it was typed on (so a save
// over someone else's newer version is still refused and compared), and
// Discard drops the copy.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { axeViolations, staffCookies, toastText, type Cookies } from './staff';

type Item = { contentKey: string; content: string; description: string; version: string };

let browser: Browser;
/** One staff session for the whole file: sign-in is rate limited. */
let staffSession: Cookies;
/** Every item this file made, deleted at the end. */
const made: string[] = [];
const RUN = Date.now().toString(36);

beforeAll(async () => {
  browser = await launch();
  staffSession = await staffCookies(browser);
});

afterAll(async () => {
  if (browser && staffSession && made.length > 0) {
    const { context } = await staffPage();
    for (const key of made) {
      const res = await context.request.delete(`${BASE_URL}/api/admin/editable-content/${encodeURIComponent(key)}`, {
        headers: { Origin: BASE_URL },
      });
      expect([200, 204, 404], `delete ${key}`).toContain(res.status());
    }
    await context.close();
  }
  await browser?.close();
});

/** A fresh browser (its own localStorage) with the staff session. */
async function staffPage(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser);
  await context.addCookies(staffSession);
  // Reloading a form with unsaved changes asks first: leave.
  page.on('dialog', (d) => void d.accept());
  return { context, page };
}

/** A throwaway item with a key of its own, so the site's texts stay as other suites expect them. */
async function createItem(context: BrowserContext, name: string, content: string): Promise<string> {
  const contentKey = `e2e.copy-${name}.${RUN}`;
  const res = await context.request.post(`${BASE_URL}/api/admin/editable-content`, {
    data: { contentKey, content, contentType: 'html', category: 'services', description: 'Local copy test' },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  made.push(contentKey);
  return contentKey;
}

async function stored(context: BrowserContext, key: string): Promise<Item | undefined> {
  const res = await context.request.get(`${BASE_URL}/api/editable-content`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Item[]).find((i) => i.contentKey === key);
}

/** An unconditional write (no baseVersion): someone else's save. */
async function put(context: BrowserContext, key: string, content: string) {
  const res = await context.request.put(`${BASE_URL}/api/admin/editable-content/${encodeURIComponent(key)}`, {
    data: { content },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openEditForm(page: Page, key: string): Promise<Locator> {
  await page.goto(`/admin/content/edit/${encodeURIComponent(key)}`);
  await page.getByRole('heading', { level: 1, name: 'Edit content' }).waitFor();
  return page.getByRole('textbox', { name: 'Content', exact: true });
}

async function replaceText(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

const offer = (page: Page) => page.getByRole('alert').filter({ hasText: 'You have unsaved changes' });

/** Whether the focus is in `field` (the rich-text editor focuses an element inside it). */
const focusedIn = (field: Locator) => field.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

describe('the edit form’s copy in the browser', () => {
  it('is offered back after a reload; Restore brings the typing back, focused, and it saves', async () => {
    const { context, page } = await staffPage();
    const key = await createItem(context, 'restore', '<p>As stored</p>');
    let editor = await openEditForm(page, key);
    await expect.poll(() => editor.innerText()).toBe('As stored');
    await expect(offer(page).count()).resolves.toBe(0);

    const typed = `Typed before a crash ${RUN}`;
    await replaceText(page, editor, typed);
    // (The copy is written as the form re-renders.)
    await page.waitForTimeout(300);
    await page.reload();
    editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await offer(page).waitFor();
    await expect(offer(page).innerText()).resolves.toMatch(/^You have unsaved changes from .+ in this browser\./);
    // Nothing is put into the form until asked.
    await expect.poll(() => editor.innerText()).toBe('As stored');
    expect(await axeViolations(page)).toEqual([]);

    await offer(page).getByRole('button', { name: 'Restore them' }).click();
    await expect.poll(() => editor.innerText()).toBe(typed);
    await expect(offer(page).count()).resolves.toBe(0);
    await expect.poll(() => focusedIn(editor)).toBe(true);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Content updated successfully');
    await page.waitForURL(`${BASE_URL}/admin/content`);
    await expect.poll(async () => (await stored(context, key))?.content).toBe(`<p>${typed}</p>`);

    // Saved: the copy is gone, nothing is offered.
    editor = await openEditForm(page, key);
    await expect.poll(() => editor.innerText()).toBe(typed);
    await page.waitForTimeout(300);
    await expect(offer(page).count()).resolves.toBe(0);
    await context.close();
  });

  it('Discard drops the copy: a reload offers nothing', async () => {
    const { context, page } = await staffPage();
    const key = await createItem(context, 'discard', '<p>Keep this</p>');
    await openEditForm(page, key);
    await page.getByLabel('Description (optional)').fill(`Not wanted ${RUN}`);
    await page.waitForTimeout(300);
    await page.reload();
    await offer(page).getByRole('button', { name: 'Discard' }).click();
    await expect(offer(page).count()).resolves.toBe(0);
    await expect(page.getByLabel('Description (optional)').inputValue()).resolves.toBe('Local copy test');
    await expect(page.getByRole('button', { name: 'Save changes' }).isDisabled()).resolves.toBe(true);

    await page.reload();
    const editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await expect.poll(() => editor.innerText()).toBe('Keep this');
    await page.waitForTimeout(300);
    await expect(offer(page).count()).resolves.toBe(0);
    await context.close();
  });

  it('restores onto the version it was typed on: a save over a newer version is still compared', async () => {
    const { context, page } = await staffPage();
    const key = await createItem(context, 'conflict', '<p>First version</p>');
    let editor = await openEditForm(page, key);
    await expect.poll(() => editor.innerText()).toBe('First version');
    await replaceText(page, editor, 'Mine, typed offline');
    await page.waitForTimeout(300);

    // Someone else saves meanwhile; then this browser comes back.
    await put(context, key, '<p>Theirs, saved meanwhile</p>');
    await expect.poll(async () => (await stored(context, key))?.content).toBe('<p>Theirs, saved meanwhile</p>');
    await page.reload();
    editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await expect.poll(() => editor.innerText()).toBe('Theirs, saved meanwhile');
    await offer(page).getByRole('button', { name: 'Restore them' }).click();
    await expect.poll(() => editor.innerText()).toBe('Mine, typed offline');

    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this text' });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('td[data-version="theirs"]').first().innerText()).toBe('Theirs, saved meanwhile');
    await expect(dialog.locator('td[data-version="yours"]').first().innerText()).resolves.toBe('Mine, typed offline');
    expect((await stored(context, key))?.content).toBe('<p>Theirs, saved meanwhile</p>');
    await context.close();
  });
});

describe('the create form’s copy in the browser', () => {
  it('is kept as "new", offered back after a reload, and gone once the item is created', async () => {
    const { context, page } = await staffPage();
    await page.goto('/admin/content/new');
    const keyField = page.getByLabel('Content key');
    await keyField.waitFor();
    const key = `e2e.copy-new.${RUN}`;
    made.push(key);
    await keyField.fill(key);
    await page.getByLabel('Category').selectOption('about');
    await page.getByLabel('Description (optional)').fill('Typed into the create form');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => localStorage.getItem('trenchless.content-form.new'))).toContain(key);

    await page.reload();
    await offer(page).waitFor();
    await expect(keyField.inputValue()).resolves.toBe('');
    await offer(page).getByRole('button', { name: 'Restore them' }).click();
    await expect.poll(() => keyField.inputValue()).toBe(key);
    await expect(page.getByLabel('Category').inputValue()).resolves.toBe('about');
    await expect(page.getByLabel('Description (optional)').inputValue()).resolves.toBe('Typed into the create form');
    await expect.poll(() => focusedIn(keyField)).toBe(true);

    await replaceText(page, page.getByRole('textbox', { name: 'Content', exact: true }), 'Created after a reload');
    await page.getByRole('button', { name: 'Create content item' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Content created successfully');
    await page.waitForURL(`${BASE_URL}/admin/content`);
    expect(await page.evaluate(() => localStorage.getItem('trenchless.content-form.new'))).toBeNull();

    await page.goto('/admin/content/new');
    await keyField.waitFor();
    await page.waitForTimeout(300);
    await expect(offer(page).count()).resolves.toBe(0);
    await context.close();
  });
});
