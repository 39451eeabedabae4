// Staff accounts an owner can trust (issue 39), against the whole stack:
// the Staff tab (invite a local account and its one-time link, change a
// role, disable an account and see that person's open page signed out,
// the last owner protected), the set-password page in a fresh browser,
// the account page's password change signing out another browser, and what
// an editor and a sales person are shown and refused. Desktop and 390 px,
// with axe.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, nextVisitorIp, openPage } from './browser';
import { axeViolations, EDITOR, SALES, signInAsStaff, staffCookies, STAFF_EMAIL, type Cookies } from './staff';

/** Unique per run, so the account this file invites is its own. */
const RUN = Date.now().toString(36);
/** The person the owner invites: a local account, on no company domain. */
const NEWBIE = `newbie.${RUN}@example.com`;
const FIRST_PASSWORD = `first passphrase ${RUN}`;
const SECOND_PASSWORD = `second passphrase ${RUN}`;

let browser: Browser;
let ownerCookies: Cookies;
/** The owner's page, on the Staff tab. */
let owner: Page;
let ownerErrors: string[];
/** The invited person's browser, signed in by their link (kept open: later steps sign it out). */
let newbie: { context: BrowserContext; page: Page; errors: string[] };
/** What the steps below learn and later ones use. */
const state = { link: '' };

beforeAll(async () => {
  browser = await launch();
  ownerCookies = await staffCookies(browser);
  const opened = await openPage(browser);
  await opened.context.addCookies(ownerCookies);
  owner = opened.page;
  ownerErrors = opened.errors;
});

afterAll(async () => {
  await newbie?.context.close();
  await owner?.context().close();
  await browser?.close();
});

const headers = { Origin: BASE_URL };
const announcer = (page: Page) => page.getByTestId('staff-announcer');
/** A member's card on the Staff tab, found by their e-mail. */
const card = (page: Page, email: string): Locator =>
  page.locator('article[data-testid="staff-member"]').filter({ has: page.getByRole('heading', { name: new RegExp(`^${email.replace(/[.+]/g, '\\$&')}`) }) });
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Content manager sections' }).getByRole('link');
const tabNames = async (page: Page) => (await tabs(page).allInnerTexts()).map((t) => t.replace(/\d[\s\S]*/, '').trim());
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
/** Chromium logs every failed request; these tests provoke some on purpose. */
const unexpected = (errors: string[], ...expected: number[]) =>
  errors.filter((e) => !expected.some((status) => e.includes(`status of ${status}`)));

async function openStaffTab(page: Page) {
  await page.goto('/admin/staff');
  await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
  await card(page, STAFF_EMAIL).waitFor();
}

describe('the Staff tab', () => {
  it('lists the staff and invites a local account, showing its one-time link once', async () => {
    await openStaffTab(owner);
    // The owner's own card says so and has no Disable.
    const own = card(owner, STAFF_EMAIL);
    await expect(own.getByRole('heading').innerText()).resolves.toBe(`${STAFF_EMAIL} (you)`);
    await expect(own.getByRole('button', { name: /^Disable/ }).count()).resolves.toBe(0);
    await expect(own.innerText()).resolves.toMatch(/Active[\s\S]*Owner[\s\S]*Password/);

    await owner.getByRole('button', { name: 'Invite someone' }).click();
    // The form's first field has the focus; nothing is sent without a role.
    await expect.poll(() => owner.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('email');
    await owner.getByRole('textbox', { name: 'E-mail' }).fill(NEWBIE);
    await owner.getByRole('radio', { name: /^Password\b/ }).check();
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();
    await owner.getByText('Choose a role.').waitFor();
    await owner.getByRole('radio', { name: /^Editor\b/ }).check();
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();

    const panel = owner.getByTestId('set-password-link-panel');
    await panel.waitFor();
    // The panel takes the focus, says to send the link, until when it works, and the card shows the invitation.
    await expect.poll(() => focusedText(owner)).toBe('Their set-password link');
    await expect(panel.innerText()).resolves.toContain(`Send it to ${NEWBIE} yourself`);
    await expect(panel.innerText()).resolves.toMatch(/It works once, until \w{3} \d{1,2}, \d{4}/);
    state.link = await owner.getByTestId('set-password-link').inputValue();
    expect(state.link).toMatch(new RegExp(`^${BASE_URL}/admin/set-password#token=.+`));
    const invited = card(owner, NEWBIE);
    await expect(invited.innerText()).resolves.toMatch(/Invited[\s\S]*Editor[\s\S]*Password[\s\S]*Never[\s\S]*No passkeys/);
    await expect(announcer(owner).innerText()).resolves.toContain(`${NEWBIE} is invited as Editor`);
    expect((await axeViolations(owner)).join('\n')).toBe('');

    // Dismissed, the link is gone for good; the person is on the list, invited.
    await owner.getByRole('button', { name: 'I have sent the link' }).click();
    await expect(owner.getByTestId('set-password-link').count()).resolves.toBe(0);
    await expect(invited.getByRole('button', { name: `New set-password link for ${NEWBIE}` }).count()).resolves.toBe(1);
    // The same address again is refused, in the server's words, under the field.
    await owner.getByRole('button', { name: 'Invite someone' }).click();
    await owner.getByRole('textbox', { name: 'E-mail' }).fill(NEWBIE);
    await owner.getByRole('radio', { name: /^Sales\b/ }).check();
    await owner.getByRole('radio', { name: /^Password\b/ }).check();
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();
    await owner.getByText('This person already has an account.').waitFor();
    await owner.getByRole('button', { name: 'Cancel' }).click();
    expect(unexpected(ownerErrors, 409)).toEqual([]);
  });

  it('sets the password from the link in a fresh browser and lands in the admin with the invited role', async () => {
    newbie = await openPage(browser);
    const { page } = newbie;
    await page.goto(state.link);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByText(`For ${NEWBIE}.`, { exact: false }).waitFor();
    expect((await axeViolations(page)).join('\n')).toBe('');
    // Checked here before it is sent: the length, then the two alike.
    await page.getByLabel('New password', { exact: true }).fill('too short');
    await page.getByLabel('New password again').fill('too short');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('Use at least 12 characters.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('New password again').fill(`${FIRST_PASSWORD}!`);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    // Checked by the server: a common password, refused under its field in the server's words, the link still good.
    await page.getByLabel('New password', { exact: true }).fill('Password123!');
    await page.getByLabel('New password again').fill('Password123!');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText(/^This password is too easy to guess: it is a common password or close to one/).waitFor();
    await expect(page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('New password again').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();

    // Signed in, on the first tab an editor has, as an editor.
    await page.waitForURL('**/admin/posts');
    await page.getByText(`Welcome, ${NEWBIE} (Editor)`).waitFor();
    expect(await tabNames(page)).toEqual(['Blog Posts', 'Site Content', 'Media', 'Preview']);
    await expect(page.getByRole('switch', { name: 'Edit content mode' }).count()).resolves.toBe(1);

    // The link worked once.
    const again = await openPage(browser);
    await again.page.goto(state.link);
    await expect(again.page.getByRole('alert').innerText()).resolves.toMatch(/^This link has expired or was already used\.\s+Ask an owner for a new link, or have a new one e-mailed to you\.$/);
    await expect(again.page.locator('form').count()).resolves.toBe(0);
    await again.context.close();
    // On the owner's list they are active now.
    await owner.reload();
    await expect(card(owner, NEWBIE).innerText()).resolves.toMatch(/Active/);
    // (The signed-out page's user lookup answers 401, the common password 400.)
    expect(unexpected(newbie.errors, 400, 401)).toEqual([]);
  });

  it('changes a role, which the person’s admin follows', async () => {
    const member = card(owner, NEWBIE);
    await member.getByLabel(`Role of ${NEWBIE}`).selectOption('sales');
    await member.getByRole('button', { name: `Change role of ${NEWBIE}` }).click();
    await expect.poll(() => announcer(owner).innerText()).toBe(`${NEWBIE} is now Sales.`);
    await expect(member.innerText()).resolves.toMatch(/Role\s+Sales/i);
    // Nothing left to change: the keyboard carries on from the select.
    await expect(member.getByRole('button', { name: `Change role of ${NEWBIE}` }).isDisabled()).resolves.toBe(true);
    await expect.poll(() => owner.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');

    await newbie.page.reload();
    await newbie.page.getByText(`Welcome, ${NEWBIE} (Sales)`).waitFor();
    expect(await tabNames(newbie.page)).toEqual(['Blog Posts', 'Site Content', 'Media', 'Preview', 'Leads']);
  });

  it('changing a password signs the account out in every other browser', async () => {
    const other = await openPage(browser);
    await signInAsStaff(other.context, { email: NEWBIE, password: FIRST_PASSWORD });
    const { page } = newbie;
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.waitForURL('**/admin/account');
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await expect(page.locator('main').getByText(NEWBIE, { exact: true }).count()).resolves.toBe(1);
    expect((await axeViolations(page)).join('\n')).toBe('');

    // A wrong current password is said under its field, in the server's words.
    await page.getByLabel('Current password').fill('not my password at all');
    await page.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD);
    await page.getByLabel('New password again').fill(SECOND_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not correct.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    // (Not an expired session.)
    await expect(page.getByText('Your session has expired.').count()).resolves.toBe(0);

    await page.getByLabel('Current password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. Every other browser signed in to your account has been signed out.').waitFor();
    // The other browser is signed out; this one is not.
    await expect.poll(async () => (await other.context.request.get(`${BASE_URL}/api/user`)).status()).toBe(401);
    await other.page.goto('/admin');
    await other.page.waitForURL('**/auth');
    expect((await page.context().request.get(`${BASE_URL}/api/user`)).status()).toBe(200);
    await other.context.close();
    // The new password signs in.
    const check = await openPage(browser);
    await signInAsStaff(check.context, { email: NEWBIE, password: SECOND_PASSWORD });
    await check.context.close();
    expect(unexpected(newbie.errors, 400, 401)).toEqual([]);
  });

  it('lists where the account is signed in, and signs one browser out, then every other one', async () => {
    const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const elsewhere = async (userAgent: string) => {
      const context = await browser.newContext({ baseURL: BASE_URL, userAgent, extraHTTPHeaders: { 'X-Forwarded-For': nextVisitorIp() } });
      await signInAsStaff(context, { email: NEWBIE, password: SECOND_PASSWORD });
      return context;
    };
    const phone = await elsewhere(IPHONE);
    const laptop = await elsewhere(FIREFOX);
    const { page } = newbie;
    await page.reload();
    const section = page.getByRole('region', { name: 'Where you’re signed in' });
    const items = section.getByRole('listitem');
    // This browser first, marked; the others by their browsers, each signed in with a password (the
    // previous step's check signed in from a Chromium it then closed: a closed browser stays signed in).
    await expect.poll(() => items.count()).toBe(4);
    await expect(items.nth(0).innerText()).resolves.toMatch(/^Chrome on Linux\s+This browser\s+Signed in with a set-password link on .+ · Active now$/);
    const texts = (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(texts.slice(1).sort()).toEqual([
      expect.stringMatching(/^Chrome on Linux Signed in with a password on .+ · Active just now Sign out$/),
      expect.stringMatching(/^Firefox on Windows Signed in with a password on .+ · Active just now Sign out$/),
      expect.stringMatching(/^Safari on iOS Signed in with a password on .+ · Active just now Sign out$/),
    ]);
    expect((await axeViolations(page)).join('\n')).toBe('');

    // The phone, signed out from here: its next request is signed out; the laptop's is not.
    await items.filter({ hasText: 'Safari on iOS' }).getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => section.getByRole('status').innerText()).toBe('Signed out of Safari on iOS.');
    await expect.poll(() => items.count()).toBe(3);
    expect((await phone.request.get(`${BASE_URL}/api/user`)).status()).toBe(401);
    expect((await laptop.request.get(`${BASE_URL}/api/user`)).status()).toBe(200);

    // Every other one, after asking: only this browser is left.
    await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await expect(dialog.innerText()).resolves.toContain('The 2 other browsers and devices will have to sign in again. This one stays signed in.');
    await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => section.getByRole('status').innerText()).toBe('Signed out of 2 other browsers.');
    await expect.poll(() => items.count()).toBe(1);
    await expect(section.getByRole('button', { name: 'Sign out everywhere else' }).count()).resolves.toBe(0);
    expect((await laptop.request.get(`${BASE_URL}/api/user`)).status()).toBe(401);
    expect((await page.context().request.get(`${BASE_URL}/api/user`)).status()).toBe(200);
    await phone.close();
    await laptop.close();

    // The owner's audit log has both.
    const audit = await owner.context().request.get(`${BASE_URL}/api/admin/audit?actor=${encodeURIComponent(NEWBIE)}`);
    expect(audit.status()).toBe(200);
    const kinds = ((await audit.json()) as { entries: { kind: string }[] }).entries.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['account.session-end', 'account.sessions-end-others']));
  });

  it('disables an account after asking, and that person’s open page is signed out on its next request', async () => {
    const member = card(owner, NEWBIE);
    await member.getByRole('button', { name: `Disable ${NEWBIE}` }).click();
    const dialog = owner.getByRole('dialog', { name: `Disable ${NEWBIE}?` });
    await expect(dialog.innerText()).resolves.toContain('it ends their sessions at once');
    // The safe answer has the focus.
    await expect.poll(() => focusedText(owner)).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await member.getByRole('button', { name: `Enable again ${NEWBIE}` }).waitFor();
    await expect(member.innerText()).resolves.toMatch(/Disabled/);
    await expect.poll(() => announcer(owner).innerText()).toBe(`${NEWBIE} is disabled and signed out everywhere.`);

    // Their page, still open on the account page, asks for the leads: signed out.
    await newbie.page.getByRole('navigation', { name: 'Content manager sections' }).getByRole('link', { name: /^Leads/ }).click();
    await newbie.page.getByText('Your session has expired.').waitFor();
    expect((await newbie.context.request.get(`${BASE_URL}/api/user`)).status()).toBe(401);
    await newbie.page.reload();
    await newbie.page.waitForURL('**/auth');

    // Enabled again, they can sign in again (with the password they set).
    await member.getByRole('button', { name: `Enable again ${NEWBIE}` }).click();
    await member.getByRole('button', { name: `Disable ${NEWBIE}` }).waitFor();
    await expect.poll(() => focusedText(owner)).toBe(`Disable ${NEWBIE}`);
    const check = await openPage(browser);
    await signInAsStaff(check.context, { email: NEWBIE, password: SECOND_PASSWORD });
    await check.context.close();
  });

  it('keeps the last active owner: the server’s reason is shown on the card', async () => {
    const api = owner.context().request;
    const list = (await (await api.get(`${BASE_URL}/api/admin/staff`)).json()) as { staff: { id: string; username: string; role: string; status: string }[] };
    const others = list.staff.filter((m) => m.role === 'owner' && m.username !== STAFF_EMAIL);
    try {
      for (const m of others) {
        const res = await api.patch(`${BASE_URL}/api/admin/staff/${m.id}`, { data: { role: 'editor' }, headers });
        expect(res.status(), await res.text()).toBe(200);
      }
      await owner.reload();
      const own = card(owner, STAFF_EMAIL);
      await own.getByLabel(`Role of ${STAFF_EMAIL}`).selectOption('editor');
      await own.getByRole('button', { name: `Change role of ${STAFF_EMAIL}` }).click();
      // Giving up one's own owner role is asked first.
      const dialog = owner.getByRole('dialog', { name: 'Make yourself Editor?' });
      await dialog.getByRole('button', { name: 'Make me Editor' }).click();
      await expect(own.getByRole('alert').innerText()).resolves.toBe(
        'The role could not be changed: The site needs at least one active owner. Make someone else an owner first.',
      );
      await expect(own.innerText()).resolves.toMatch(/Role\s+Owner/i);
      expect(await tabNames(owner)).toContain('Staff');
    } finally {
      for (const m of others) await api.patch(`${BASE_URL}/api/admin/staff/${m.id}`, { data: { role: 'owner' }, headers });
    }
    expect(unexpected(ownerErrors, 400, 409)).toEqual([]);
  });

  it('fits 390 px without sideways scrolling, and passes axe there; so does the account page', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    await phone.context.addCookies(ownerCookies);
    await openStaffTab(phone.page);
    await phone.page.getByRole('button', { name: 'Invite someone' }).click();
    await phone.page.getByRole('textbox', { name: 'E-mail' }).waitFor();
    const widths = await phone.page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.view);
    for (const box of await phone.page.locator('article[data-testid="staff-member"]').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().right))) {
      expect(box).toBeLessThanOrEqual(390);
    }
    expect((await axeViolations(phone.page)).join('\n')).toBe('');
    // The account page too.
    await phone.page.goto('/admin/account');
    await phone.page.getByRole('heading', { name: 'Change password' }).waitFor();
    const account = await phone.page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(account.page, 'the account page scrolls sideways').toBeLessThanOrEqual(account.view);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

describe('what each role is shown', () => {
  it('an editor has no Leads, Integrations or Staff, and is told so at their addresses', async () => {
    const { page, context, errors } = await openPage(browser);
    await context.addCookies(await staffCookies(browser, EDITOR));
    await page.goto('/admin');
    await page.waitForURL('**/admin/posts');
    expect(await tabNames(page)).toEqual(['Blog Posts', 'Site Content', 'Media', 'Preview']);
    await page.getByRole('link', { name: 'New post' }).waitFor();
    for (const path of ['/admin/leads', '/admin/integrations', '/admin/staff']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Not part of your role', level: 1 }).waitFor();
      await page.getByText('Your role doesn’t include this page.').waitFor();
    }
    expect((await axeViolations(page)).join('\n')).toBe('');
    await page.getByRole('link', { name: 'Go to Blog Posts' }).click();
    await page.waitForURL('**/admin/posts');
    // The API refuses them too.
    expect((await context.request.get(`${BASE_URL}/api/admin/staff`)).status()).toBe(403);
    expect((await context.request.get(`${BASE_URL}/api/contact-submissions?pageSize=1`)).status()).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a sales person has the leads and reads the posts, texts and media without a button to change them', async () => {
    const { page, context, errors } = await openPage(browser);
    await context.addCookies(await staffCookies(browser, SALES));
    await page.goto('/admin');
    await page.waitForURL('**/admin/posts');
    expect(await tabNames(page)).toEqual(['Blog Posts', 'Site Content', 'Media', 'Preview', 'Leads']);
    await expect(page.getByRole('switch', { name: 'Edit content mode' }).count()).resolves.toBe(0);
    // The posts, each opening its preview; no New post, no Delete.
    const firstPost = page.locator('#posts-table tbody tr').first();
    await firstPost.waitFor();
    await expect(page.getByRole('link', { name: 'New post' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);
    await firstPost.locator('.posts-table__title').click();
    await page.waitForURL('**/admin/preview/**');
    await expect(page.getByRole('link', { name: 'Edit this post' }).count()).resolves.toBe(0);
    await page.goto('/admin/posts/new');
    await page.getByRole('heading', { name: 'Not part of your role', level: 1 }).waitFor();
    // The texts and the images, read only.
    await page.goto('/admin/content');
    await page.locator('li.content-item').first().waitFor();
    await expect(page.getByRole('link', { name: /^Edit/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'New content item' }).count()).resolves.toBe(0);
    await page.goto('/admin/media');
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Upload images' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);
    // The leads are theirs.
    await page.getByRole('navigation', { name: 'Content manager sections' }).getByRole('link', { name: /^Leads/ }).click();
    await page.waitForURL('**/admin/leads');
    await page.getByRole('searchbox', { name: 'Search leads' }).waitFor();
    // On the public site, the edit-mode key does nothing for them.
    await page.goto('/');
    await page.keyboard.press('Control+Alt+KeyE');
    await page.waitForTimeout(500);
    await expect(page.getByText('Edit mode is on.').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
