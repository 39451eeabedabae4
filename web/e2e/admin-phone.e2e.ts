// The staff admin on a phone (issue 28, item 4; issue 37): at 390×844 no
// page of the admin scrolls sideways, with a post, a lead, a text and a
// webhook endpoint of its own to show (the lead inbox, a lead, the figures,
// a post's editor and preview, a text's form, the endpoints and a delivery
// log with its attempts open), every tab is in view (the tab bar wraps rather
// than scrolls, so none can hide off-screen), the post list's actions are
// on the screen, and the editor's toolbar is one row with a More menu.
// Screenshots go to $E2E_SHOTS (default: a temp dir) for a person to look
// at; the layout assertions are the test.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, nextVisitorIp, openPage } from './browser';
import { adminPostList, axeViolations, signInAsStaff } from './staff';

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS ?? join(tmpdir(), 'admin-phone');
/** Unique per run, so titles and slugs never collide with earlier runs. */
const RUN = Date.now().toString(36);

let browser: Browser;
/** One staff session for the whole file: sign-in is rate limited (5 at once, then one per 12 s). */
let staffCookies: Awaited<ReturnType<BrowserContext['cookies']>>;
/** What the pages below show: made in beforeAll, long-worded so a page too narrow for them would show it. */
const seeded = { postId: '', leadId: '', contentKey: `e2e.phone.${RUN}`, endpointId: '' };
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  const { context } = await openPage(browser);
  await signInAsStaff(context);
  staffCookies = await context.cookies();
  const headers = { Origin: BASE_URL };
  const post = await context.request.post(`${BASE_URL}/api/admin/blog-posts`, {
    data: {
      // (Not RUN in the title: the post list test below searches for its own two by it.)
      title: 'Why tree roots find every joint in an old clay sewer lateral',
      slug: `phone-pages-${RUN}`,
      excerpt: 'An excerpt.',
      content: '<p>Body.</p><table><tbody><tr><td>Clay</td><td>Cast iron</td><td>Orangeburg</td><td>PVC</td></tr></tbody></table>',
      isPublished: true,
    },
    headers,
  });
  expect(post.status(), await post.text()).toBe(200);
  seeded.postId = ((await post.json()) as { id: string }).id;
  const text = await context.request.post(`${BASE_URL}/api/admin/editable-content`, {
    data: { contentKey: seeded.contentKey, content: '<p>A text for the phone test.</p>', contentType: 'html', category: 'general', description: 'Phone test' },
    headers,
  });
  expect(text.status(), await text.text()).toBe(200);
  // A webhook endpoint, added before the leads so their deliveries are in its
  // log, with a long description and an unbroken URL. Nothing listens on its
  // port, so each attempt fails with the error the log shows.
  const endpoint = await context.request.post(`${BASE_URL}/api/admin/webhooks`, {
    data: {
      url: `http://127.0.0.1:9/hooks/catch/1234567/${'abcdefghij'.repeat(8)}-${RUN}`,
      description: 'Zapier: every new lead to the ServiceTitan booking board of the Scottsdale office',
      events: ['leads.submitted', 'leads.updated'],
      bodyTemplate: '{"properties": {"email": "{{lead.email}}", "firstname": "{{lead.firstName}}"}}',
    },
    headers,
  });
  expect(endpoint.status(), await endpoint.text()).toBe(200);
  seeded.endpointId = ((await endpoint.json()) as { endpoint: { id: string } }).endpoint.id;
  // Leads as visitors send them (each from its own address: the intake is
  // rate limited per address), in four cities so the figures' tables are
  // as wide as they get, with long unbroken words where a row could widen.
  const cities = ['scottsdale', 'phoenix', 'mesa', 'chandler', 'tempe'];
  for (const [i, city] of cities.entries()) {
    const lead = await context.request.post(`${BASE_URL}/api/contact`, {
      data: {
        formVariant: 'home',
        firstName: 'Maximiliana',
        lastName: `Papadopoulouworthingtonsmythe${i}${RUN}`,
        email: `maximiliana.papadopoulouworthingtonsmythe.${i}.${RUN}@example.com`,
        // A number of its own: the leads of other suites must not look like duplicates of these.
        phone: `(623) 555-07${i}${i}`,
        address: '4521 N Camelback Rd',
        city,
        homeAge: 'pre-1980',
        issues: ['frequent-clogs', 'slow-drainage', 'bad-odors', 'gurgling'],
        description: `Main line backs up into the shower after laundry. https://example.com/a/very/long/link/without/any/breaks/${RUN}`,
        urgency: 'soon',
        previousRepairs: 'Snaked twice in 2023',
        preferredContactTime: 'Weekday mornings',
        hasVideo: true,
        sourcePage: '/scottsdale',
        attribution: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: `spring-lining-${i}`, gclid: `Cj0KCQ-${RUN}` },
        website: '',
      },
      headers: { ...headers, 'X-Forwarded-For': nextVisitorIp() },
    });
    expect(lead.status(), await lead.text()).toBe(200);
    seeded.leadId ||= ((await lead.json()) as { id: string }).id;
  }
  // One assigned, with a note: the row and the lead show the assignee and the history.
  const changed = await context.request.patch(`${BASE_URL}/api/contact-submissions/${seeded.leadId}`, {
    data: { status: 'contacted', assignee: 'someone.with.a.rather.long.address@valleytrenchless.example' },
    headers,
  });
  expect(changed.status(), await changed.text()).toBe(200);
  // A test delivery: in the log at once, failed, with its error.
  const test = await context.request.post(`${BASE_URL}/api/admin/webhooks/${seeded.endpointId}/test`, { data: {}, headers });
  expect(test.status(), await test.text()).toBe(200);
  await context.close();
});

afterAll(async () => {
  // The posts made here would otherwise be the newest on the home page.
  if (browser && staffCookies) {
    const { context } = await openPage(browser);
    await context.addCookies(staffCookies);
    const { posts } = await adminPostList(context);
    for (const p of posts.filter((p) => p.slug.includes(RUN))) {
      const res = await context.request.delete(`${BASE_URL}/api/admin/blog-posts/${p.id}`, { headers: { Origin: BASE_URL } });
      expect(res.status(), `delete ${p.slug}`).toBe(200);
    }
    const text = await context.request.delete(`${BASE_URL}/api/admin/editable-content/${encodeURIComponent(seeded.contentKey)}`, {
      headers: { Origin: BASE_URL },
    });
    expect([200, 404], `delete ${seeded.contentKey}`).toContain(text.status());
    // The endpoint would otherwise keep retrying, and receive the other suites' leads.
    if (seeded.endpointId) {
      const endpoint = await context.request.delete(`${BASE_URL}/api/admin/webhooks/${seeded.endpointId}`, { headers: { Origin: BASE_URL } });
      expect([200, 404], `delete webhook ${seeded.endpointId}`).toContain(endpoint.status());
    }
    await context.close();
  }
  await browser?.close();
});

/**
 * A signed-in phone: 390×844, touch, the mobile viewport rules (so a page
 * wider than the screen would widen the layout viewport, which the
 * innerWidth check below catches). The Leads tab shows large unread and
 * overdue counts (the real answer, its counts replaced), the widest the
 * tab gets.
 */
async function phonePage() {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': nextVisitorIp() },
  });
  await context.addCookies(staffCookies);
  await context.route(/\/api\/contact-submissions\?pageSize=1$/, async (route) => {
    const res = await route.fetch();
    const body = { ...((await res.json()) as object), unreadCount: 128, overdueCount: 12 };
    await route.fulfill({ response: res, json: body });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Opens an admin page and waits until its tab has loaded. */
async function openAdmin(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Content manager sections' }).waitFor();
  await page.locator('#admin-main h1').first().waitFor();
  await expect.poll(() => page.locator('.staff-spinner').count()).toBe(0);
  await page.waitForLoadState('networkidle');
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The page does not scroll sideways and the layout viewport is the phone's own width. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth, overflowing } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // What sticks out, to make a failure readable.
    overflowing: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > 390 + 1 && el.getClientRects().length > 0)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(el.getBoundingClientRect().right)}`),
  }));
  expect(innerWidth, overflowing.join('\n')).toBe(PHONE.width);
  expect(scrollWidth, overflowing.join('\n')).toBeLessThanOrEqual(innerWidth);
}

/** The element's box lies within the screen (the page scrolled to its top). */
async function expectOnScreen(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(x + width, `${what} ends on screen`).toBeLessThanOrEqual(PHONE.width);
  expect(y, `${what} top on screen`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${what} bottom on screen`).toBeLessThanOrEqual(PHONE.height);
}

/**
 * The tab bar wraps (staff.css): it is not a scroll container, and every
 * tab, Leads with its counts included, is on the screen; the current one
 * is marked and on the screen too.
 */
async function expectTabsInView(page: Page, current: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const nav = page.getByRole('navigation', { name: 'Content manager sections' });
  const scroll = await nav.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, overflowX: getComputedStyle(el).overflowX }));
  expect(scroll.scrollWidth, 'the tab bar holds every tab without scrolling').toBeLessThanOrEqual(scroll.clientWidth);
  const links = nav.getByRole('link');
  // The staff account is an owner: every tab, Staff and Audit included (issue 39).
  await expect(links.count()).resolves.toBe(8);
  for (const link of await links.all()) await expectOnScreen(link, `tab “${await link.innerText()}”`);
  const leads = nav.getByRole('link', { name: /^Leads/ });
  await expect(leads.innerText()).resolves.toMatch(/128[\s\S]*12/);
  await expectOnScreen(leads.locator('.admin-badge').last(), 'the overdue count');
  const active = nav.locator('a[aria-current="page"]');
  await expect(active.innerText()).resolves.toMatch(new RegExp(`^${current}`));
  await expectOnScreen(active, 'the current tab');
  // The header's switch, account and logout are on the screen too.
  await expectOnScreen(page.getByRole('switch', { name: 'Edit content mode' }), 'the edit-mode switch');
  await expectOnScreen(page.getByRole('link', { name: 'Your account' }), 'Your account');
  await expectOnScreen(page.getByRole('button', { name: 'Logout' }), 'Logout');
}

describe('the admin at 390×844', () => {
  const pages = [
    { path: '/admin/posts', tab: 'Blog Posts' },
    { path: '/admin/content', tab: 'Site Content' },
    { path: '/admin/media', tab: 'Media' },
    { path: '/admin/preview', tab: 'Preview' },
    { path: '/admin/leads', tab: 'Leads' },
    { path: '/admin/integrations', tab: 'Integrations' },
    { path: '/admin/audit', tab: 'Audit' },
    { path: '/admin/posts/new', tab: 'Blog Posts' },
  ];

  for (const { path, tab } of pages) {
    it(`${path}: no sideways scroll`, async () => {
      const { page, context } = await phonePage();
      await openAdmin(page, path);
      await expectNoSidewaysScroll(page);
      await context.close();
    });

    it(`${path}: every tab in view, passes axe`, async () => {
      const { page, context, errors } = await phonePage();
      await openAdmin(page, path);
      await shot(page, path.slice(1).replaceAll('/', '-'));
      await expectTabsInView(page, tab);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // The pages that show one thing: the post, text and lead made above.
  const seededPages = [
    { name: 'a post’s editor', path: () => `/admin/posts/${seeded.postId}` },
    { name: 'a post’s preview', path: () => `/admin/preview/${seeded.postId}` },
    { name: 'a text’s form', path: () => `/admin/content/edit/${encodeURIComponent(seeded.contentKey)}` },
    { name: 'a lead', path: () => `/admin/leads/${seeded.leadId}` },
    { name: 'the lead figures', path: () => '/admin/leads/stats' },
    { name: 'a webhook’s delivery log', path: () => `/admin/integrations/${seeded.endpointId}` },
  ];
  for (const { name, path } of seededPages) {
    it(`${name}: no sideways scroll`, async () => {
      const { page, context } = await phonePage();
      await openAdmin(page, path());
      await shot(page, name.replace(/\W+/g, '-'));
      await expectNoSidewaysScroll(page);
      await context.close();
    });
  }

  it('the lead inbox with a lead in it: no sideways scroll, the lead a card on the screen', async () => {
    const { page, context } = await phonePage();
    await openAdmin(page, '/admin/leads');
    const row = page.locator(`tr[data-lead-id="${seeded.leadId}"]`);
    await row.waitFor();
    await shot(page, 'admin-leads-cards');
    await expectNoSidewaysScroll(page);
    const box = (await row.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('the tabs stay one keyboard stop each, in order, and Enter follows one', async () => {
    const { page, context } = await phonePage();
    await openAdmin(page, '/admin/posts');
    const nav = page.getByRole('navigation', { name: 'Content manager sections' });
    await nav.getByRole('link', { name: 'Blog Posts' }).focus();
    const names: string[] = [];
    for (let i = 0; i < 8; i++) {
      names.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
      await page.keyboard.press('Tab');
    }
    expect(names.map((n) => n.replace(/\d.*/, ''))).toEqual(['Blog Posts', 'Site Content', 'Media', 'Preview', 'Leads', 'Integrations', 'Staff', 'Audit']);
    await nav.getByRole('link', { name: /^Leads/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/leads');
    await context.close();
  });
});

describe('the webhooks at 390×844', () => {
  it('shows an endpoint as a card, its log as cards, and an opened delivery’s attempts, all on the screen', async () => {
    const { page, context, errors } = await phonePage();
    await openAdmin(page, '/admin/integrations');
    const card = page.locator(`article[data-endpoint-id="${seeded.endpointId}"]`);
    await card.waitFor();
    await expectNoSidewaysScroll(page);
    for (const button of await card.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(PHONE.width);
    }
    // The add form, open.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('region', { name: 'Add an endpoint' }).waitFor();
    await shot(page, 'admin-integrations-add');
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);

    await openAdmin(page, `/admin/integrations/${seeded.endpointId}`);
    const test = page.locator('tbody.integrations-delivery').filter({ has: page.locator('.integrations-badge--test') }).first();
    await test.waitFor();
    await test.getByRole('button', { name: /^Attempts/ }).click();
    await test.locator('.integrations-attempt').first().waitFor();
    await shot(page, 'admin-integrations-log-attempts');
    await expectNoSidewaysScroll(page);
    const box = (await test.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the post list at 390×844', () => {
  it('shows each post as a card with its title, status and actions on the screen', async () => {
    const { page, context } = await phonePage();
    for (const [i, title] of [`A rather long title about root intrusion in clay sewer laterals ${RUN}`, `Short ${RUN}`].entries()) {
      const res = await context.request.post(`${BASE_URL}/api/admin/blog-posts`, {
        data: { title, slug: `phone-${i}-${RUN}`, excerpt: 'An excerpt.', content: '<p>Body.</p>', isPublished: i === 0 },
        headers: { Origin: BASE_URL },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await openAdmin(page, '/admin/posts');
    await page.getByLabel('Search by title').fill(RUN);
    const rows = page.locator('#posts-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await shot(page, 'admin-posts-cards');
    await expectNoSidewaysScroll(page);
    for (const row of await rows.all()) {
      await row.scrollIntoViewIfNeeded();
        const title = await row.getByRole('link').first().innerText();
      const status = (await row.locator('.admin-status').boundingBox())!;
      expect(status.x + status.width, `${title}: status on screen`).toBeLessThanOrEqual(PHONE.width);
      for (const target of [
        row.getByRole('link', { name: title, exact: true }),
        row.getByRole('link', { name: /^Preview/ }),
        row.getByRole('button', { name: /^Delete/ }),
      ]) {
        const box = (await target.boundingBox())!;
        expect(box.x, `${title}: starts on screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${title}: ends on screen`).toBeLessThanOrEqual(PHONE.width);
        // WCAG 2.5.8: targets at least 24 px high.
        expect(box.height, `${title}: target height`).toBeGreaterThanOrEqual(24);
      }
    }
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the editor toolbar at 390×844', () => {
  const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });

  it('is one row with a More menu holding the rest, whose commands work', async () => {
    const { page, context, errors } = await phonePage();
    await openAdmin(page, '/admin/posts/new');
    const toolbar = page.getByRole('toolbar', { name: 'Text formatting' });
    await toolbar.scrollIntoViewIfNeeded();

    // One row: every visible button shares the same top, all within the toolbar and the screen.
    const buttons = toolbar.getByRole('button');
    const boxes = await Promise.all((await buttons.all()).map(async (b) => ({ name: (await b.getAttribute('aria-label')) ?? (await b.innerText()), box: (await b.boundingBox())! })));
    const bar = (await toolbar.boundingBox())!;
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    const tops = boxes.map((b) => b.box.y);
    expect(Math.max(...tops) - Math.min(...tops), boxes.map((b) => `${b.name}@${Math.round(b.box.y)}`).join(' ')).toBeLessThanOrEqual(3);
    for (const { name, box } of boxes) {
      expect(box.x, name).toBeGreaterThanOrEqual(bar.x);
      expect(box.x + box.width, name).toBeLessThanOrEqual(Math.min(bar.x + bar.width, PHONE.width));
    }
    expect(bar.height).toBeLessThan(60);
    const shown = boxes.map((b) => b.name);
    expect(shown[shown.length - 1]).toBe('More');
    await shot(page, 'admin-posts-new-toolbar');

    // More holds the rest: with Table last, and Bold as a checkbox item.
    await editor(page).click();
    await page.keyboard.type('Roots');
    const more = toolbar.getByRole('button', { name: 'More' });
    await more.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await shot(page, 'admin-posts-new-more');
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(PHONE.width);
    const items = await menu.locator('[role^="menuitem"]').allInnerTexts();
    expect(items.some((t) => t.startsWith('Insert table'))).toBe(true);
    // Nothing is both in the row and in the menu.
    for (const name of shown.filter((n) => n !== 'More')) expect(items.some((t) => t.split(/\s/)[0] === name)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // A heading (from the row or the menu, wherever it is at this width), then a table from the menu.
    const heading = menu.getByRole('menuitemcheckbox', { name: /^Heading 2/ });
    if ((await heading.count()) > 0) {
      await heading.click();
    } else {
      await page.keyboard.press('Escape');
      await toolbar.getByRole('button', { name: 'H2' }).click();
    }
    await expect.poll(() => editor(page).locator('h2').count()).toBe(1);
    await expect(editor(page).locator('h2').innerText()).resolves.toBe('Roots');
    // The menu reports the same states as the row: in a heading, Heading 2 is checked.
    await more.click();
    // Open before it is read or closed: an Escape sent before the menu is
    // there closes nothing, and the menu then opens and stays.
    await page.getByRole('menu').waitFor();
    const checked = page.getByRole('menu').getByRole('menuitemcheckbox', { name: /^Heading 2/ });
    if ((await checked.count()) > 0) await expect(checked.getAttribute('aria-checked')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await more.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Insert table' }).click();
    await expect.poll(() => editor(page).locator('table').count()).toBe(1);
    await expect.poll(() => editor(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // In the table, the menu's row and column commands come alive.
    await more.click();
    await page.getByRole('menu').waitFor();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Add row below' }).isDisabled()).resolves.toBe(false);
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Insert table' }).getAttribute('aria-disabled')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps More in the roving toolbar: End reaches it, Enter opens it, Escape closes back to it', async () => {
    const { page, context } = await phonePage();
    await openAdmin(page, '/admin/posts/new');
    await editor(page).click();
    await page.keyboard.press('Alt+F10');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Undo');
    await page.keyboard.press('End');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('More');
    // One tab stop: More is it now, everything else in the toolbar is -1.
    await expect(page.getByRole('toolbar', { name: 'Text formatting' }).locator('[tabindex="0"]').count()).resolves.toBe(1);
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Undo');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('More');
    // Then Escape from the toolbar returns to the text.
    await page.keyboard.press('Escape');
    await expect.poll(() => editor(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
