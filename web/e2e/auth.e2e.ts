// Staff sign-in (/auth), the admin guard, the admin frame (tabs, edit-mode
// toggle, logout), and that visitors never download staff code (issue 12).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { axeViolations, OIDC_URL, signInAsStaff, STAFF_EMAIL, STAFF_PASSWORD, toastText } from './staff';

const STAFF_DOMAIN = 'valleytrenchless.example';
const VISITOR_EMAIL = process.env.E2E_VISITOR_EMAIL ?? 'visitor@example.com';
const VISITOR_PASSWORD = process.env.E2E_VISITOR_PASSWORD ?? 'e2e-visitor-password-1';
const ACCESS_DENIED = `Access denied. Only ${STAFF_DOMAIN} email addresses are allowed.`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Queues who the development OIDC provider signs in next (scripts/oidcdev). */
async function nextGoogleUser(user: { email: string; emailVerified: boolean; hd: string }) {
  const res = await fetch(`${OIDC_URL}/next-user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  expect(res.ok, await res.text()).toBe(true);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  const form = page.locator('form', { has: page.getByLabel('Password') });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in with e-mail' }).click();
}

describe('the sign-in page', () => {
  it('offers Google and a local account, states the company-domain rule, and passes axe', async () => {
    const { page, context, errors } = await openPage(browser);
    const res = await page.goto('/auth');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['x-robots-tag']).toBe('noindex');
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await expect(page.getByText(`Only company-domain Google accounts (@${STAFF_DOMAIN}) may sign in.`).count()).resolves.toBe(1);
    const google = page.getByRole('link', { name: 'Sign in with Google' });
    await expect(google.getAttribute('href')).resolves.toBe('/auth/google');
    await expect(page.getByRole('button', { name: 'Sign in with e-mail' }).count()).resolves.toBe(1);
    expect((await axeViolations(page)).join('\n')).toBe('');
    // The signed-out user lookup answers 401 (expected); nothing else may fail.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('shows the access-denied alert from the query string', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/auth?error=access_denied');
    await expect(page.getByRole('alert').innerText()).resolves.toBe(ACCESS_DENIED);
    expect((await axeViolations(page)).join('\n')).toBe('');
    await context.close();
  });

  it('refuses a wrong password with the server message, then signs in and lands in the admin', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/auth');
    await signInWithPassword(page, STAFF_EMAIL, 'not-the-password');
    const failure = await toastText(page);
    expect(failure).toMatch(/^Login failed /);
    expect(failure.length).toBeGreaterThan('Login failed '.length);
    await expect(page.locator('form [role="alert"]').innerText()).resolves.toBe(failure.replace(/^Login failed /, ''));
    expect(new URL(page.url()).pathname).toBe('/auth');

    await signInWithPassword(page, STAFF_EMAIL, STAFF_PASSWORD);
    await page.waitForURL('**/admin/posts');
    await expect(page.getByText(`Welcome, ${STAFF_EMAIL}`).count()).resolves.toBe(1);
    expect(await toastText(page)).toBe('Success Logged in successfully');

    // Signed in, /auth sends you on to the admin.
    await page.goto('/auth');
    await page.waitForURL('**/admin/posts');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('signs a company Google account in through the OIDC provider', async () => {
    const { page, context } = await openPage(browser);
    await nextGoogleUser({ email: `ana@${STAFF_DOMAIN}`, emailVerified: true, hd: STAFF_DOMAIN });
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/admin/posts');
    await expect(page.getByText(`Welcome, ana@${STAFF_DOMAIN}`).count()).resolves.toBe(1);
    await context.close();
  });

  it('comes back to the staff page it was sent from, by password and by Google (issue 28)', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/admin/leads?filter=unread');
    await page.waitForURL('**/auth');
    await signInWithPassword(page, STAFF_EMAIL, STAFF_PASSWORD);
    await page.waitForURL('**/admin/leads?filter=unread');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();

    const google = await openPage(browser);
    await nextGoogleUser({ email: `ana@${STAFF_DOMAIN}`, emailVerified: true, hd: STAFF_DOMAIN });
    await google.page.goto('/admin/media');
    await google.page.waitForURL('**/auth');
    await google.page.getByRole('link', { name: 'Sign in with Google' }).click();
    await google.page.waitForURL('**/admin/media');
    await google.page.getByText(`Welcome, ana@${STAFF_DOMAIN}`).waitFor();
    await google.context.close();
  });

  it('sends a Google account of another domain back with access denied', async () => {
    const { page, context } = await openPage(browser);
    await nextGoogleUser({ email: 'eve@gmail.com', emailVerified: true, hd: '' });
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/auth?error=access_denied');
    await expect(page.getByRole('alert').innerText()).resolves.toBe(ACCESS_DENIED);
    const me = await context.request.get(`${BASE_URL}/api/user`);
    expect(me.status()).toBe(401);
    await context.close();
  });
});

describe('the admin guard', () => {
  it('shows a spinner while the user loads, then sends a signed-out visitor to /auth', async () => {
    const { page, context } = await openPage(browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/leads');
    await page.getByRole('status').filter({ hasText: 'Loading your account' }).waitFor();
    release();
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('sends a signed-in user without staff rights to /auth?error=access_denied', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/auth');
    await signInWithPassword(page, VISITOR_EMAIL, VISITOR_PASSWORD);
    await page.waitForURL('**/auth?error=access_denied');
    await expect(page.getByRole('alert').innerText()).resolves.toBe(ACCESS_DENIED);
    await page.goto('/admin/media');
    await page.waitForURL('**/auth?error=access_denied');
    // The notice shows once the page has read who is signed in.
    await expect.poll(() => page.getByText(`You are signed in as ${VISITOR_EMAIL}`).count()).toBe(1);
    // The API refuses them too, not just the page.
    const res = await context.request.get(`${BASE_URL}/api/admin/blog-posts`);
    expect(res.status()).toBe(403);
    await context.close();
  });

  it('keeps staff on the address they refresh, and back/forward moves between tabs', async () => {
    const { page, context } = await openPage(browser);
    await signInAsStaff(context);
    await page.goto('/admin/media');
    await page.getByRole('navigation', { name: 'Content manager sections' }).waitFor();
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/admin/media');
    const nav = page.getByRole('navigation', { name: 'Content manager sections' });
    const current = nav.locator('a[aria-current="page"]');
    await current.filter({ hasText: 'Media' }).waitFor();

    // Keyboard: focus a tab link and press Enter.
    await nav.getByRole('link', { name: 'Site Content' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/content');
    await current.filter({ hasText: 'Site Content' }).waitFor();
    await expect(current.count()).resolves.toBe(1);
    await page.goBack();
    await page.waitForURL('**/admin/media');
    await page.goForward();
    await page.waitForURL('**/admin/content');
    await page.goto('/admin');
    await page.waitForURL('**/admin/posts');
    await context.close();
  });
});

describe('the admin frame', () => {
  it('toggles edit mode by switch and by Ctrl+Alt+E, and keeps it across reloads in the tab', async () => {
    const { page, context } = await openPage(browser);
    await signInAsStaff(context);
    await page.goto('/admin/posts');
    const toggle = page.getByRole('switch', { name: 'Edit content mode' });
    await expect(toggle.isChecked()).resolves.toBe(false);
    // The shortcut listens once the app is up.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    await page.keyboard.press('Control+Alt+KeyE');
    await expect(toggle.isChecked()).resolves.toBe(true);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Edit content mode' }).isChecked()).resolves.toBe(true);
    await page.getByRole('switch', { name: 'Edit content mode' }).click();
    await expect(page.getByRole('switch', { name: 'Edit content mode' }).isChecked()).resolves.toBe(false);
    expect((await axeViolations(page)).join('\n')).toBe('');
    await context.close();
  });

  it('logs out with the toast and returns to /auth', async () => {
    const { page, context } = await openPage(browser);
    await signInAsStaff(context);
    await page.goto('/admin/posts');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    expect(await toastText(page)).toBe('Success Logged out successfully');
    const me = await context.request.get(`${BASE_URL}/api/user`);
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('says "Logout failed" when the server refuses the logout', async () => {
    const { page, context } = await openPage(browser);
    await signInAsStaff(context);
    await page.goto('/admin/posts');
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The server is restarting.","code":"unavailable","details":[]}' }),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    expect(await toastText(page)).toBe('Logout failed The server is restarting.');
    expect(new URL(page.url()).pathname).toBe('/admin/posts');
    await context.close();
  });
});

/** Markers that exist only in staff code: the admin's class names, the editor, the edit-mode switch. */
const STAFF_MARKERS = ['staff-spinner', 'admin-tabs', 'ProseMirror', 'Edit content mode', 'Content manager sections', '/api/upload-image'];

describe('what visitors download', () => {
  it('never requests staff, editor or media-library code on public pages', async () => {
    for (const path of ['/', '/contact', '/resources', '/blog/drain-camera-inspection-guide', '/mesa']) {
      const { page, context } = await openPage(browser);
      const requested = new Set<string>();
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.origin === BASE_URL && /\.(js|css)$/.test(url.pathname)) requested.add(url.pathname);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Bring everything on demand in: scroll the whole page and open the form's code.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const html = await page.content();
      for (const marker of STAFF_MARKERS) expect(html.includes(marker), `${path} HTML has ${marker}`).toBe(false);
      expect(requested.size).toBeGreaterThan(0);
      for (const file of requested) {
        const body = await (await context.request.get(`${BASE_URL}${file}`)).text();
        for (const marker of STAFF_MARKERS) expect(body.includes(marker), `${path} loaded ${file}, which has ${marker}`).toBe(false);
      }
      await context.close();
    }
  });
});
