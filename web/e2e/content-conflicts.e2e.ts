// Edit conflicts on site texts (issue 28): two staff members change the
// same text; the second save is refused and both versions are compared,
// in the Site Content tab and in edit mode on the public pages. Also the
// tab's category, description and delete, and the edit-mode bar's contrast.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { STAFF2_EMAIL, STAFF2_PASSWORD, signInAsStaff, toastText } from './staff';

type Item = { contentKey: string; content: string; contentType: string; category: string; description: string; version: string };

let browser: Browser;
// Ana (the e2e account) and Ben (the second staff account), each signed in
// once for the file: sign-in is rate limited.
let ana: BrowserContext;
let ben: BrowserContext;

beforeAll(async () => {
  browser = await launch();
  const a = await openPage(browser);
  ana = a.context;
  await a.page.close();
  await signInAsStaff(ana);
  const b = await openPage(browser);
  ben = b.context;
  await b.page.close();
  await signInAsStaff(ben, { email: STAFF2_EMAIL, password: STAFF2_PASSWORD });
});

afterAll(async () => {
  await ana?.close();
  await ben?.close();
  await browser?.close();
});

async function items(context: BrowserContext): Promise<Item[]> {
  const res = await context.request.get(`${BASE_URL}/api/editable-content`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Item[];
}

async function stored(key: string): Promise<Item | undefined> {
  return (await items(ana)).find((i) => i.contentKey === key);
}

/** An unconditional write (no baseVersion), as someone else's save or a restore. */
async function put(context: BrowserContext, key: string, content: string) {
  const res = await context.request.put(`${BASE_URL}/api/admin/editable-content/${encodeURIComponent(key)}`, {
    data: { content },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Item;
}

/** A throwaway item with a key of its own, so the site's texts stay as other suites expect them. */
async function createItem(prefix: string, content: string, category = 'services', description = 'Conflict test') {
  const contentKey = `e2e.${prefix}.${Date.now()}`;
  const res = await ana.request.post(`${BASE_URL}/api/admin/editable-content`, {
    data: { contentKey, content, contentType: 'html', category, description },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return contentKey;
}

/** Console errors of a page, besides the refused saves themselves (409). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('409')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Waits until the public list (through the edge's cache) has the item's content. */
async function listed(key: string, content: string) {
  await expect.poll(async () => (await stored(key))?.content).toBe(content);
}

async function editPage(context: BrowserContext, key: string): Promise<{ page: Page; editor: Locator }> {
  const page = await context.newPage();
  await page.goto(`/admin/content/edit/${encodeURIComponent(key)}`);
  await page.getByRole('heading', { level: 1, name: 'Edit content' }).waitFor();
  return { page, editor: page.getByRole('textbox', { name: 'Content', exact: true }) };
}

async function replaceText(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'Someone else saved this text' });

describe('edit conflicts in the Site Content tab', () => {
  it('compares both versions when someone saved first; "Save mine over theirs" and "Discard mine, load theirs" both work', async () => {
    const key = await createItem('conflict', '<p>Original text</p>');
    const { page, editor } = await editPage(ana, key);
    const errors = consoleErrors(page);
    await expect.poll(() => editor.innerText()).toBe('Original text');

    // Ben saves from his own form after Ana opened hers.
    const benForm = await editPage(ben, key);
    await expect.poll(() => benForm.editor.innerText()).toBe('Original text');
    await replaceText(benForm.page, benForm.editor, 'Ben’s version');
    await benForm.page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(benForm.page)).toBe('Success Content updated successfully');

    // Ana's save is refused: the dialog names Ben and shows both texts as words.
    await replaceText(page, editor, 'Ana’s version');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = conflictDialog(page);
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain(STAFF2_EMAIL);
    await expect.poll(() => dialog.locator('td[data-version="theirs"]').first().innerText()).toBe('Ben’s version');
    await expect(dialog.locator('td[data-version="yours"]').first().innerText()).resolves.toBe('Ana’s version');
    // The safe answer has the focus; nothing was written.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Keep editing');
    expect((await stored(key))?.content).toBe('<p>Ben’s version</p>');
    // Keep editing: the typing is still there, and a polite notice says a newer version exists.
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(editor.innerText()).resolves.toBe('Ana’s version');
    await expect(page.getByRole('status').filter({ hasText: 'A newer version of this text was saved' }).count()).resolves.toBe(1);

    // Saving again asks again; overwriting stores Ana's text.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save mine over theirs' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Content updated successfully');
    await page.waitForURL((u) => u.pathname === '/admin/content');
    expect((await stored(key))?.content).toBe('<p>Ana’s version</p>');

    // Again: Ben saves, Ana's save is refused, and she takes his version instead.
    await page.goto(`/admin/content/edit/${encodeURIComponent(key)}`);
    await expect.poll(() => editor.innerText()).toBe('Ana’s version');
    await benForm.page.goto(`/admin/content/edit/${encodeURIComponent(key)}`);
    await expect.poll(() => benForm.editor.innerText()).toBe('Ana’s version');
    await replaceText(benForm.page, benForm.editor, 'Ben again');
    await benForm.page.getByRole('button', { name: 'Save changes' }).click();
    await benForm.page.waitForURL((u) => u.pathname === '/admin/content');
    await replaceText(page, editor, 'Ana again');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Discard mine, load theirs' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => editor.innerText()).toBe('Ben again');
    await expect(page.getByRole('button', { name: 'Save changes' }).isDisabled()).resolves.toBe(true);
    // The Save button is disabled now: the focus is on the text.
    await expect.poll(() => editor.evaluate((e) => e.contains(document.activeElement))).toBe(true);
    expect((await stored(key))?.content).toBe('<p>Ben again</p>');
    expect(errors).toEqual([]);
    await page.close();
    await benForm.page.close();
  });

  it('keeps typing when a newer version arrives while the form is open, and shows it in a clean form', async () => {
    const key = await createItem('newer', '<p>First</p>');
    const page = await ana.newPage();
    await page.goto(`/admin/content?q=${encodeURIComponent(key)}`);
    const editLink = page.getByRole('link', { name: `Edit ${key}` });
    await editLink.waitFor();

    // A clean form: the list Ana loaded is older than Ben's save; opening the form reads the text and shows his.
    await put(ben, key, '<p>Second</p>');
    await listed(key, '<p>Second</p>');
    await editLink.click();
    const editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await expect.poll(() => editor.innerText()).toBe('Second');

    // A dirty form: the read is held back until Ana has typed (into the list's copy); her text stays.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Site Content' }).click();
    await editLink.waitFor();
    await put(ben, key, '<p>Third</p>');
    await listed(key, '<p>Third</p>');
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    // The form reads the text itself (GET /api/admin/editable-content/{key}); the list's copy stands in meanwhile.
    const itemRead = (u: URL) => u.pathname === `/api/admin/editable-content/${key}`;
    await page.route(itemRead, async (route) => {
      await held;
      await route.continue();
    });
    await editLink.click();
    await expect.poll(() => editor.innerText()).toBe('Second');
    await replaceText(page, editor, 'Mine, typed early');
    release();
    const notice = page.getByRole('status').filter({ hasText: 'A newer version of this text was saved' });
    await notice.waitFor();
    await expect(editor.innerText()).resolves.toBe('Mine, typed early');
    await notice.getByRole('button', { name: 'Compare the two versions' }).click();
    const dialog = conflictDialog(page);
    await dialog.waitFor();
    await expect(dialog.locator('td[data-version="theirs"]').first().innerText()).resolves.toBe('Third');
    await expect(dialog.locator('td[data-version="yours"]').first().innerText()).resolves.toBe('Mine, typed early');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(editor.innerText()).resolves.toBe('Mine, typed early');
    await page.unroute(itemRead);
    await page.close();
  });

  it('changes the category and description of an existing item', async () => {
    const key = await createItem('recategorise', '<p>Moving text</p>', 'general', 'Before the move');
    const { page } = await editPage(ana, key);
    const category = page.getByLabel('Category');
    await expect.poll(() => category.inputValue()).toBe('general');
    await expect(page.getByLabel('Description (optional)').inputValue()).resolves.toBe('Before the move');
    await category.selectOption('about');
    await page.getByLabel('Description (optional)').fill('Shown on the About page');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Content updated successfully');
    await page.waitForURL((u) => u.pathname === '/admin/content');
    const moved = page
      .locator('section.content-group')
      .filter({ has: page.getByRole('heading', { level: 2, name: /^About/ }) })
      .locator(`li[data-content-key="${key}"]`);
    await moved.waitFor();
    await expect(moved.innerText()).resolves.toContain('Shown on the About page');
    expect(await stored(key)).toMatchObject({ category: 'about', description: 'Shown on the About page', content: '<p>Moving text</p>' });
    await page.close();
  });

  it('deletes an item after a plain confirmation', async () => {
    const key = await createItem('delete', '<p>Soon gone</p>');
    const page = await ana.newPage();
    await page.goto(`/admin/content?q=${encodeURIComponent(key)}`);
    const row = page.locator(`li[data-content-key="${key}"]`);
    const remove = row.getByRole('button', { name: `Delete ${key}` });
    await remove.waitFor();

    // Cancel keeps it, and the focus goes back to the button.
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this text?' });
    await dialog.waitFor();
    const words = await dialog.innerText();
    expect(words).toContain('built-in text');
    expect(words).toContain('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(remove.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    expect(await stored(key)).toBeDefined();

    await remove.click();
    await dialog.getByRole('button', { name: 'Delete text' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Content deleted successfully');
    await row.waitFor({ state: 'detached' });
    expect(await stored(key)).toBeUndefined();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Site Content');
    await page.close();
  });
});

describe('edit conflicts in edit mode', () => {
  /** The home page with edit mode on, once edit mode has read the list (with each item's version). */
  async function homeInEditMode(): Promise<Page> {
    const page = await ana.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The shortcut's listener is added when the page hydrates, which may end
    // after the network is idle: a key pressed earlier reaches no one (as in
    // edit-mode.e2e.ts).
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/editable-content' && r.request().method() === 'GET');
    await page.keyboard.press('Control+Alt+KeyE');
    await page.getByRole('complementary', { name: 'Edit mode' }).waitFor();
    await listed;
    return page;
  }

  async function editTitle(page: Page, text: string) {
    await page.locator('#home-hero-title').hover();
    await page.getByRole('button', { name: /^Edit hero\.title/ }).click();
    await page.getByRole('textbox', { name: /hero\.title/ }).fill(text);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  it('asks before saving over a newer version of a text, and either keeps mine or shows theirs', async () => {
    const original = (await stored('hero.title'))?.content ?? '';
    expect(original).not.toBe('');
    const page = await homeInEditMode();
    const title = page.locator('#home-hero-title');
    const stamp = Date.now();
    try {
      // Ben saves after Ana's page was loaded; her save is refused.
      await put(ben, 'hero.title', `Ben’s title ${stamp}`);
      await editTitle(page, `Ana’s title ${stamp}`);
      const dialog = conflictDialog(page);
      await dialog.waitFor();
      await expect(dialog.innerText()).resolves.toContain(STAFF2_EMAIL);
      await expect(dialog.locator('td[data-version="theirs"]').innerText()).resolves.toBe(`Ben’s title ${stamp}`);
      await expect(dialog.locator('td[data-version="yours"]').innerText()).resolves.toBe(`Ana’s title ${stamp}`);
      // Styled as in the staff area (the staff stylesheet rides with edit mode).
      await expect(dialog.evaluate((d) => getComputedStyle(d).position)).resolves.toBe('fixed');
      // Nothing was written; the page shows what is stored.
      expect((await stored('hero.title'))?.content).toBe(`Ben’s title ${stamp}`);
      await expect.poll(() => title.textContent()).toBe(`Ben’s title ${stamp}`);

      await dialog.getByRole('button', { name: 'Save mine over theirs' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => title.textContent()).toBe(`Ana’s title ${stamp}`);
      await expect.poll(() => toastText(page)).toContain('Content updated successfully');
      expect((await stored('hero.title'))?.content).toBe(`Ana’s title ${stamp}`);

      // Again: Keep editing brings the editor back with her text; then she takes Ben's.
      await put(ben, 'hero.title', `Ben again ${stamp}`);
      await editTitle(page, `Ana again ${stamp}`);
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Keep editing' }).click();
      const box = page.getByRole('textbox', { name: /hero\.title/ });
      await expect(box.inputValue()).resolves.toBe(`Ana again ${stamp}`);
      await expect.poll(() => box.evaluate((b) => b === document.activeElement)).toBe(true);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Discard mine, load theirs' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => title.textContent()).toBe(`Ben again ${stamp}`);
      expect((await stored('hero.title'))?.content).toBe(`Ben again ${stamp}`);
    } finally {
      await put(ana, 'hero.title', original);
      await page.close();
    }
  });

  it('shows "Leave edit mode" at 4.5:1 or more in every state', async () => {
    const page = await homeInEditMode();
    const leave = page.getByRole('button', { name: 'Leave edit mode' });
    // The text colour against the first opaque background behind it.
    const contrast = () =>
      leave.evaluate((el) => {
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const transparent = (c: number[]) => c.length === 4 && c[3] === 0;
        let node: Element = el;
        let bg = rgb(getComputedStyle(node).backgroundColor);
        while (transparent(bg) && node.parentElement) {
          node = node.parentElement;
          bg = rgb(getComputedStyle(node).backgroundColor);
        }
        const lum = ([r, g, b]: number[]) =>
          [r!, g!, b!]
            .map((v) => v / 255)
            .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
        const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
        return (a! + 0.05) / (b! + 0.05);
      });
    const axe = async () =>
      (await new AxeBuilder({ page }).include('.ec-bar').withRules(['color-contrast']).analyze()).violations.map((v) => v.id);

    await page.mouse.move(0, 0);
    expect(await contrast()).toBeGreaterThanOrEqual(4.5);
    expect(await axe()).toEqual([]);
    await leave.hover();
    expect(await contrast()).toBeGreaterThanOrEqual(4.5);
    expect(await axe()).toEqual([]);
    await page.mouse.move(0, 0);
    await leave.focus();
    expect(await contrast()).toBeGreaterThanOrEqual(4.5);
    expect(await axe()).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('complementary', { name: 'Edit mode' }).count()).toBe(0);
    await page.close();
  });
});
