// Issue 40 item 4: staff edit the Spanish texts, in place on a Spanish page
// and in the Site Content tab, which shows the texts missing their Spanish.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { axeViolations, signInAsStaff, toastText } from './staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Item = { contentKey: string; content: string; version: string; locale: string; fallback: boolean };

async function spanishItem(context: BrowserContext, key: string): Promise<Item | undefined> {
  const res = await context.request.get(`${BASE_URL}/api/editable-content?locale=es`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Item[]).find((i) => i.contentKey === key);
}

async function putSpanish(context: BrowserContext, key: string, content: string) {
  const res = await context.request.put(`${BASE_URL}/api/admin/editable-content/${encodeURIComponent(key)}`, {
    data: { content, locale: 'es' },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function signedIn(path: string) {
  const opened = await openPage(browser);
  await signInAsStaff(opened.context);
  await opened.page.goto(path);
  await opened.page.waitForLoadState('networkidle');
  await opened.page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  return opened;
}

const row = (page: Page, key: string) => page.locator(`li[data-content-key="${key}"]`);

describe('Spanish texts', () => {
  it('edit mode on a Spanish page saves the Spanish text; the English page keeps its English', async () => {
    const { page, context, errors } = await signedIn('/es/contact');
    const key = 'contact.hero.title';
    const original = (await spanishItem(context, key))!;
    expect(original.locale).toBe('es');
    const title = page.locator('#contact-hero-heading');
    await expect(title.textContent()).resolves.toBe(original.content);
    const puts: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/admin/editable-content/')) puts.push(r.postDataJSON());
    });
    try {
      await page.keyboard.press('Control+Alt+KeyE');
      await page.getByRole('complementary', { name: 'Edit mode' }).waitFor();
      await title.hover();
      await page.getByRole('button', { name: new RegExp(`^Edit ${key.replaceAll('.', '\\.')}`) }).click();
      const box = page.getByRole('textbox', { name: new RegExp(key.replaceAll('.', '\\.')) });
      await expect(box.inputValue()).resolves.toBe(original.content);
      await expect(page.locator('.ec__label').innerText()).resolves.toContain('(Spanish)');
      const edited = `Agende su inspección gratis ${Date.now()}`;
      await box.fill(edited);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => title.textContent()).toBe(edited);
      await expect.poll(() => toastText(page)).toContain('Content updated successfully');
      expect(puts).toEqual([{ content: edited, baseVersion: original.version, locale: 'es' }]);
      await expect.poll(async () => (await spanishItem(context, key))?.content).toBe(edited);

      // Served filled: a fresh load of the Spanish page has it; the English page its English.
      await page.keyboard.press('Control+Alt+KeyE');
      await page.reload();
      await expect(title.textContent()).resolves.toBe(edited);
      await page.goto('/contact');
      await expect(page.locator('#contact-hero-heading').textContent()).resolves.toBe('Schedule Your Free Drain Inspection');
      expect(errors).toEqual([]);
    } finally {
      await putSpanish(context, key, original.content);
      await context.close();
    }
  });

  it('the Site Content tab finds a text missing its Spanish and translates it', async () => {
    const { page, context, errors } = await signedIn('/admin/content');
    const key = `e2e.es.${Date.now()}`;
    const created = await context.request.post(`${BASE_URL}/api/admin/editable-content`, {
      data: { contentKey: key, content: '<p>Spring special on camera inspections</p>', contentType: 'html', category: 'homepage', description: 'Spanish test' },
      headers: { Origin: BASE_URL },
    });
    expect(created.status()).toBe(200);
    try {
      await expect((await spanishItem(context, key))?.fallback).toBe(true);
      await page.reload();
      await expect(row(page, key).innerText()).resolves.toContain('No Spanish');

      // Missing Spanish only: the new text is among them, counted.
      await page.getByLabel(/^Missing Spanish only/).check();
      await page.waitForURL((u) => u.searchParams.get('missing') === '1');
      await row(page, key).waitFor();
      const badge = page.locator('label .content-badge');
      await expect.poll(async () => parseInt(await badge.innerText(), 10)).toBeGreaterThanOrEqual(1);

      // The Spanish view: the English shown as the fallback, and Translate.
      await page.getByLabel('Language').selectOption('es');
      await page.waitForURL((u) => u.searchParams.get('lang') === 'es');
      await expect.poll(() => row(page, key).innerText()).toContain('Falls back to English');
      expect(await axeViolations(page)).toEqual([]);
      await row(page, key).getByRole('link', { name: `Translate ${key}` }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Spanish text' }).waitFor();
      expect(new URL(page.url()).search).toBe('?lang=es');
      await expect(page.getByRole('region', { name: 'English text, for reference' }).innerText()).resolves.toContain(
        'Spring special on camera inspections',
      );
      await page.getByText('Falls back to English.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Start from the English text' }).click();
      const editor = page.getByRole('textbox', { name: 'Spanish text', exact: true });
      await expect.poll(() => editor.innerText()).toBe('Spring special on camera inspections');
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Oferta de primavera en inspecciones con cámara');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => toastText(page)).toBe('Success Spanish text updated successfully');
      await page.waitForURL((u) => u.pathname === '/admin/content' && u.searchParams.get('lang') === 'es');
      await expect.poll(() => row(page, key).innerText()).toContain('Oferta de primavera en inspecciones con cámara');
      await expect(row(page, key).innerText()).resolves.not.toContain('Falls back to English');
      await expect(spanishItem(context, key)).resolves.toMatchObject({
        content: '<p>Oferta de primavera en inspecciones con cámara</p>',
        locale: 'es',
        fallback: false,
        version: '1',
      });
      expect(errors).toEqual([]);
    } finally {
      await context.request.delete(`${BASE_URL}/api/admin/editable-content/${encodeURIComponent(key)}`, { headers: { Origin: BASE_URL } });
      await context.close();
    }
  });
});
