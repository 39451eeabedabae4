// The admin's Audit tab (issue 39, item 4) against the whole stack: an
// owner changes a site text, finds the entry by kind and person (filters in
// the address, kept on reload), opens it to the text before → after, pages
// by cursor, exports the same filters as CSV; a sales person is told the
// page is not part of their role and the API refuses them. Desktop and
// 390 px, with axe.
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASE_URL, openPage, launch } from './browser';
import { axeViolations, SALES, staffCookies, STAFF_EMAIL, type Cookies } from './staff';

/** Unique per run, so the text this file changes is its own. */
const RUN = Date.now().toString(36);
const KEY = `e2e.audit.${RUN}`;
const BEFORE = `Before the audit ${RUN}`;
const AFTER = `After the audit ${RUN}`;

let browser: Browser;
let ownerCookies: Cookies;
let owner: { context: BrowserContext; page: Page; errors: string[] };

const headers = { Origin: BASE_URL };

type Entry = { id: string; actor: string; kind: string; target: string; status: number; changes: Record<string, { before?: unknown; after?: unknown }> };

/** The entries the API lists for these filters (the first page). */
async function entries(context: BrowserContext, params: Record<string, string>): Promise<Entry[]> {
  const res = await context.request.get(`${BASE_URL}/api/admin/audit?${new URLSearchParams(params)}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { entries: Entry[] }).entries;
}

/** The entry of the text change this file made. */
const row = (page: Page): Locator => page.locator('tbody.audit-entry[data-kind="text.update"]').filter({ hasText: KEY });

async function openAudit(page: Page, search = '') {
  await page.goto(`/admin/audit${search}`);
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  await expect.poll(() => page.locator('.staff-spinner').count()).toBe(0);
}

beforeAll(async () => {
  browser = await launch();
  ownerCookies = await staffCookies(browser);
  owner = await openPage(browser);
  await owner.context.addCookies(ownerCookies);
  // The change to find: a throwaway site text, written and then rewritten.
  const created = await owner.context.request.post(`${BASE_URL}/api/admin/editable-content`, {
    data: { contentKey: KEY, content: `<p>${BEFORE}</p>`, contentType: 'html', category: 'services', description: 'Audit test' },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const changed = await owner.context.request.put(`${BASE_URL}/api/admin/editable-content/${encodeURIComponent(KEY)}`, { data: { content: `<p>${AFTER}</p>` }, headers });
  expect(changed.status(), await changed.text()).toBe(200);
  await vi.waitFor(async () => expect((await entries(owner.context, { kind: 'text.update', actor: STAFF_EMAIL })).some((e) => e.target === KEY)).toBe(true), {
    timeout: 10_000,
    interval: 200,
  });
});

afterAll(async () => {
  if (owner) {
    const res = await owner.context.request.delete(`${BASE_URL}/api/admin/editable-content/${encodeURIComponent(KEY)}`, { headers });
    expect([200, 404]).toContain(res.status());
    await owner.context.close();
  }
  await browser?.close();
});

describe('the Audit tab', () => {
  it('is a tab for owners, and finds a text change by kind and person, kept in the address', async () => {
    const { page } = owner;
    await page.goto('/admin/posts');
    const tab = page.getByRole('navigation', { name: 'Content manager sections' }).getByRole('link', { name: 'Audit' });
    await tab.click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/audit');
    await expect(tab.getAttribute('aria-current')).resolves.toBe('page');

    await page.getByLabel('Person (e-mail)').fill(STAFF_EMAIL);
    await page.getByLabel('What they did').selectOption({ label: 'Changed a site text' });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('kind') === 'text.update');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ actor: STAFF_EMAIL, kind: 'text.update' });
    await row(page).waitFor();
    // Only that kind by that person is listed.
    const kinds = await page.locator('tbody.audit-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(new Set(kinds)).toEqual(new Set(['text.update']));
    const cells = (await row(page).locator('tr.audit-row td').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(cells.slice(1, 5)).toEqual([STAFF_EMAIL, expect.stringMatching(/^Changed a site text/), KEY, 'Done']);
    expect(cells[5]).toMatch(/^10\.77\.\d+\.\d+ /);
    // The time shows the whole moment on hover.
    await expect(row(page).locator('time').getAttribute('title')).resolves.toMatch(/\d{4} at \d{1,2}:\d{2}:\d{2} [AP]M/);

    // A reload shows the same view, the form filled from the address.
    await page.reload();
    await row(page).waitFor();
    await expect(page.getByLabel('Person (e-mail)').inputValue()).resolves.toBe(STAFF_EMAIL);
    await expect(page.getByLabel('What they did').inputValue()).resolves.toBe('text.update');

    // A half-typed person is not sent: the field says why.
    await page.getByLabel('Person (e-mail)').fill('e2e');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByText('Enter the person’s whole e-mail address').waitFor();
    await expect(page.getByLabel('Person (e-mail)').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(new URL(page.url()).searchParams.get('actor')).toBe(STAFF_EMAIL);
  });

  it('opens an entry to the text before → after, by keyboard', async () => {
    const { page } = owner;
    await openAudit(page, `?actor=${encodeURIComponent(STAFF_EMAIL)}&kind=text.update`);
    const details = row(page).getByRole('button', { name: /^Details of “Changed a site text”/ });
    await expect(details.getAttribute('aria-expanded')).resolves.toBe('false');
    await details.focus();
    await page.keyboard.press('Enter');
    // The same button, still focused, now closes the details it controls.
    const hide = row(page).getByRole('button', { name: /^Hide details of “Changed a site text”/ });
    await expect(hide.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toMatch(/^Hide details/);
    const controls = (await hide.getAttribute('aria-controls'))!;
    await expect(page.locator(`[id="${controls}"]`).count()).resolves.toBe(1);
    const change = row(page).locator('.audit-change').filter({ hasText: AFTER });
    await change.waitFor();
    const text = (await change.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(BEFORE);
    expect(text.indexOf(BEFORE)).toBeLessThan(text.indexOf(AFTER));
    await expect(row(page).locator('.staff-facts').innerText()).resolves.toMatch(/user agent[\s\S]*Chrome/i);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('loads older entries by cursor with Load more', async () => {
    const { page } = owner;
    // Pages of one entry, so there is a next page to load.
    const cursors: string[] = [];
    await page.route(/\/api\/admin\/audit\?/, async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '1');
      cursors.push(url.searchParams.get('cursor') ?? '');
      await route.continue({ url: url.toString() });
    });
    await openAudit(page);
    await expect(page.locator('tbody.audit-entry').count()).resolves.toBe(1);
    await page.getByText('1 entry shown').waitFor();
    const firstId = await page.locator('tbody.audit-entry').first().getAttribute('data-entry-id');
    await page.getByRole('button', { name: 'Load more entries' }).click();
    await page.getByText('2 entries shown').waitFor();
    const ids = await page.locator('tbody.audit-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-entry-id')));
    expect(ids[0]).toBe(firstId);
    expect(Number(ids[1])).toBeLessThan(Number(ids[0]));
    expect(cursors[0]).toBe('');
    expect(cursors.at(-1)).not.toBe('');
    await page.unroute(/\/api\/admin\/audit\?/);
  });

  it('exports the filtered entries as CSV', async () => {
    const { page } = owner;
    await openAudit(page, `?actor=${encodeURIComponent(STAFF_EMAIL)}&kind=text.update`);
    const link = page.getByRole('link', { name: 'Export CSV of the entries matching these filters' });
    const href = new URL((await link.getAttribute('href'))!, BASE_URL);
    expect(href.pathname).toBe('/api/admin/audit.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ actor: STAFF_EMAIL, kind: 'text.update' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('time,person,action,target,status,address,user agent,changes');
    const mine = lines.filter((l) => l.includes(KEY));
    expect(mine.length).toBeGreaterThan(0);
    for (const l of mine) expect(l).toContain('text.update');
    // The export itself is logged.
    await expect.poll(async () => (await entries(owner.context, { kind: 'audit.export' })).some((e) => e.actor === STAFF_EMAIL)).toBe(true);
  });

  it('fits a 390 px phone: entries as cards, no sideways scroll, axe clean', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    await phone.context.addCookies(ownerCookies);
    const { page } = phone;
    await openAudit(page, `?actor=${encodeURIComponent(STAFF_EMAIL)}`);
    await row(page).getByRole('button', { name: /^Details/ }).click();
    await row(page).locator('.audit-change').first().waitFor();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const el of await page.locator('tbody.audit-entry, .audit-filters, .admin-toolbar .button').all()) {
      const box = (await el.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // Each entry is a card: the column's name above each value.
    const label = await row(page).locator('td[data-label="Person"]').evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Person"');
    expect(await axeViolations(page)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

describe('someone who is not an owner', () => {
  it('is told the page is not part of their role, has no Audit tab, and the API refuses them', async () => {
    const sales = await openPage(browser);
    await sales.context.addCookies(await staffCookies(browser, SALES));
    const { page } = sales;
    await page.goto('/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Not part of your role' }).waitFor();
    await page.getByText('Your role doesn’t include this page.').waitFor();
    const tabs = await page.getByRole('navigation', { name: 'Content manager sections' }).getByRole('link').allInnerTexts();
    expect(tabs.map((t) => t.replace(/\d[\s\S]*/, '').trim())).not.toContain('Audit');
    await expect(page.locator('table.audit-table').count()).resolves.toBe(0);
    const list = await sales.context.request.get(`${BASE_URL}/api/admin/audit`);
    expect(list.status()).toBe(403);
    expect(((await list.json()) as { message: string }).message).not.toBe('');
    const csv = await sales.context.request.get(`${BASE_URL}/api/admin/audit.csv`);
    expect(csv.status()).toBe(403);
    expect(await axeViolations(page)).toEqual([]);
    expect(sales.errors).toEqual([]);
    await sales.context.close();
  });
});
