// Passkeys (issue 39, item 2) in Chromium with its virtual authenticator
// (CDP WebAuthn: a platform authenticator that keeps discoverable
// credentials and verifies the user): one added from the account page
// signs its account in alone, and the owner's policy then refuses a
// password that is not backed by a passkey.
//
// Browsers make no passkey for an IP address, so these pages are opened at
// localhost, the gateway's GATEWAY_PASSKEY_ORIGIN (scripts/web-e2e.sh).
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, nextVisitorIp } from './browser';
import { ageSessions, axeViolations, STAFF2_EMAIL, STAFF2_PASSWORD, STAFF_EMAIL, STAFF_PASSWORD, toastText } from './staff';

const SITE = BASE_URL.replace('127.0.0.1', 'localhost');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A browser at SITE with a virtual authenticator of its own (a laptop's: internal, resident keys, user verification). */
async function openWithAuthenticator(viewport = { width: 1280, height: 900 }) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    baseURL: SITE,
    extraHTTPHeaders: { 'X-Forwarded-For': nextVisitorIp() },
  });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { context, page, errors, credentials };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  const form = page.locator('form', { has: page.getByLabel('Password') });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in with e-mail' }).click();
}

async function whoIsSignedIn(context: BrowserContext): Promise<string> {
  const res = await context.request.get(`${SITE}/api/user`);
  return res.ok() ? ((await res.json()) as { username: string }).username : '';
}

/** The owner's policy, set through the API from a signed-in owner's browser. */
async function setPolicy(context: BrowserContext, requirePasskey: boolean) {
  const res = await context.request.put(`${SITE}/api/admin/sign-in-policy`, { data: { requirePasskey }, headers: { Origin: SITE } });
  expect(res.status(), await res.text()).toBe(200);
}

describe('passkeys', () => {
  // The owner's browser, signed in by its passkey, for the policy's test.
  let owner: Awaited<ReturnType<typeof openWithAuthenticator>> | undefined;

  afterAll(async () => {
    // Whatever happened, the suites after this one sign in with passwords.
    if (owner) {
      await setPolicy(owner.context, false);
      await owner.context.close();
    }
  });

  it('adds a passkey on the account page, signs out, and signs in with the passkey alone', async () => {
    owner = await openWithAuthenticator();
    const { page, context, errors, credentials } = owner;
    await page.goto('/auth');
    await signInWithPassword(page, STAFF_EMAIL, STAFF_PASSWORD);
    await page.waitForURL(/\/admin/);

    await page.goto('/admin/account');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys' }) });
    await section.getByLabel('Name for a new passkey').fill('E2E laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const item = section.getByRole('listitem').filter({ hasText: 'E2E laptop' });
    await item.waitFor();
    await expect(item.innerText()).resolves.toContain('Not used yet');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Passkey “E2E laptop” added' }).count()).toBe(1);
    const made = await credentials();
    expect(made).toHaveLength(1);
    expect(made[0]!.isResidentCredential).toBe(true);
    expect(made[0]!.rpId).toBe('localhost');

    // Rename it; the name is the server's.
    await item.getByRole('button', { name: 'Rename' }).click();
    await section.getByLabel('New name for “E2E laptop”').fill('Office laptop');
    await section.getByRole('button', { name: 'Save name' }).click();
    await section.getByRole('listitem').filter({ hasText: 'Office laptop' }).waitFor();
    expect((await axeViolations(page)).join('\n')).toBe('');

    // On a phone the section fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth/);
    await expect.poll(() => whoIsSignedIn(context)).toBe('');

    // Nothing typed: the browser offers the passkey it holds for the site.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/admin/);
    await expect(toastText(page)).resolves.toContain('Signed in with your passkey');
    expect(await whoIsSignedIn(context)).toBe(STAFF_EMAIL);
    await page.goto('/admin/account');
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Office laptop' }).innerText(),
    ).resolves.toMatch(/Last used/);
    expect(errors).toEqual([]);
  });

  it('lets the owner require a passkey or Google, after which a password alone signs no one in', async () => {
    expect(owner, 'the previous test signed the owner in with a passkey').toBeDefined();
    const { page } = owner!;
    await page.goto('/admin/staff');
    const policy = page.locator('section', { has: page.getByRole('heading', { name: 'How staff sign in' }) });
    const toggle = policy.getByLabel('Require a passkey or Google for every staff account');
    await expect(toggle.isChecked()).resolves.toBe(false);
    // Turning it on asks first (the box is ticked once the server has it).
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Require a passkey or Google?' });
    await dialog.getByRole('button', { name: 'Require passkeys' }).click();
    await expect.poll(() => policy.getByRole('status').innerText()).toContain('Passkeys are now required');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect((await axeViolations(page)).join('\n')).toBe('');

    // A second staff member with only a password: refused, and told what to do.
    const ben = await openWithAuthenticator({ width: 390, height: 844 });
    await ben.page.goto('/auth');
    await signInWithPassword(ben.page, STAFF2_EMAIL, STAFF2_PASSWORD);
    const enrol = ben.page.getByRole('form', { name: 'Add a passkey to sign in' });
    await enrol.waitFor();
    await expect(enrol.innerText()).resolves.toContain('requires a passkey or Google to sign in, and this account has no passkey yet');
    expect(await whoIsSignedIn(ben.context)).toBe('');
    expect(ben.page.url()).toMatch(/\/auth$/);
    expect((await axeViolations(ben.page)).join('\n')).toBe('');
    // He adds one there, and it signs him in.
    await enrol.getByLabel('Name for your passkey').fill('Ben’s phone');
    await enrol.getByRole('button', { name: 'Add a passkey and sign in' }).click();
    await ben.page.waitForURL(/\/admin/);
    expect(await whoIsSignedIn(ben.context)).toBe(STAFF2_EMAIL);
    await ben.context.close();

    // The owner has a passkey: their password is refused too, with the way in.
    const again = await openWithAuthenticator();
    await again.page.goto('/auth');
    await signInWithPassword(again.page, STAFF_EMAIL, STAFF_PASSWORD);
    const refusal = again.page.locator('form', { has: again.page.getByLabel('Password') }).getByRole('alert');
    await expect.poll(() => refusal.innerText()).toContain('choose “Sign in with a passkey”');
    expect(await whoIsSignedIn(again.context)).toBe('');
    await again.context.close();

    // Off again: passwords sign in.
    await page.reload();
    await toggle.click();
    await expect.poll(() => policy.getByRole('status').innerText()).toContain('Passwords sign in again');
    const later = await openWithAuthenticator();
    await later.page.goto('/auth');
    await signInWithPassword(later.page, STAFF2_EMAIL, STAFF2_PASSWORD);
    await later.page.waitForURL(/\/admin/);
    await later.context.close();

    // Eleven minutes after the owner signed in (time moved in the database), removing their passkey
    // first asks them to confirm it is them: a browser left signed in cannot change how they sign in.
    ageSessions(STAFF_EMAIL, 11);
    await page.goto('/admin/account');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys' }) });
    const remove = async () => {
      await section.getByRole('listitem').filter({ hasText: 'Office laptop' }).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog', { name: 'Remove “Office laptop”?' }).getByRole('button', { name: 'Remove passkey' }).click();
    };
    await remove();
    await section.getByText('Not removed yet: confirm it’s you below, then remove it.').waitFor();
    const confirm = section.getByRole('form', { name: 'Confirm it’s you' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    expect((await axeViolations(page)).join('\n')).toBe('');
    await confirm.getByLabel('Your password').fill('not my password at all');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText('That is not your password.').waitFor();
    await confirm.getByLabel('Your password').fill(STAFF_PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => section.getByRole('status').innerText()).toBe('Confirmed. You can add or remove passkeys for the next 10 minutes.');
    await expect(confirm.count()).resolves.toBe(0);
    // Now it goes, after asking: it is said, and the list is empty.
    await remove();
    await expect.poll(() => section.getByRole('status').innerText()).toBe('Passkey “Office laptop” removed.');
    await section.getByText('You have no passkeys yet.').waitFor();
  });
});
