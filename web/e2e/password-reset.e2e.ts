// A forgotten password (ASVS 6.4.3): from the sign-in page to a link by
// mail (scripts/mailsink keeps each message as a file), a new password set
// through it, and a sign-in with that password; the old one no longer
// works, and the page says the same for an address with no account.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { axeViolations } from './staff';

const EMAIL = process.env.E2E_RESET_EMAIL ?? 'rita@valleytrenchless.example';
const OLD_PASSWORD = process.env.E2E_RESET_PASSWORD ?? 'e2e-reset-password-1';
const NEW_PASSWORD = 'marigold tunnel quartz ledger';
const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

let browser: Browser;
beforeAll(async () => {
  expect(MAIL_DIR, 'E2E_MAIL_DIR names the mail sink’s folder (scripts/web-e2e.sh)').not.toBe('');
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The messages in the sink addressed to `to`, oldest first. */
async function mailsTo(to: string): Promise<string[]> {
  const names = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const all = await Promise.all(names.map((n) => readFile(path.join(MAIL_DIR, n), 'utf8')));
  return all.filter((m) => m.includes(`\r\nTo: ${to}\r\n`));
}

async function signInWithPassword(page: Page, email: string, password: string) {
  const form = page.locator('form', { has: page.getByLabel('Password') });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in with e-mail' }).click();
}

async function askForALink(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await page.getByRole('status').getByText('Check your inbox.').waitFor();
}

describe('a forgotten password', () => {
  it('is replaced through a link mailed from the sign-in page, after which only the new one signs in', async () => {
    const before = (await mailsTo(EMAIL)).length;
    const { page, context, errors } = await openPage(browser);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/admin/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect((await axeViolations(page)).join('\n')).toBe('');

    await askForALink(page, EMAIL);
    await expect(page.getByRole('status').innerText()).resolves.toContain(`If ${EMAIL} has an account here, we have e-mailed it a link`);
    expect((await axeViolations(page)).join('\n')).toBe('');
    await expect.poll(async () => (await mailsTo(EMAIL)).length, { timeout: 10_000 }).toBe(before + 1);
    const mail = (await mailsTo(EMAIL)).at(-1)!;
    expect(mail).toContain('Subject: Set a new password for the ');
    const link = /(http:\/\/\S+\/admin\/set-password#token=\S+)/.exec(mail)?.[1];
    expect(link, mail).toBeDefined();
    expect(link!.startsWith(`${BASE_URL}/admin/set-password#token=`)).toBe(true);

    // The link's page: a new password, which signs no one in.
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await expect(page.getByText(`For ${EMAIL}.`).count()).resolves.toBe(1);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('New password again').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    const done = page.getByRole('status');
    await done.getByText('Your new password is set.').waitFor();
    await expect(done.innerText()).resolves.toContain(`Every browser that was signed in as ${EMAIL} has been signed out.`);
    expect((await axeViolations(page)).join('\n')).toBe('');
    const user = await context.request.get(`${BASE_URL}/api/user`);
    expect(user.status(), 'setting a password through a reset link signs no one in').toBe(401);

    // The link is spent; the old password is gone and the new one signs in.
    await page.reload();
    await expect(page.getByRole('alert').innerText()).resolves.toContain('This link has expired or was already used.');
    // The offer of a new link by mail comes with the server's sign-in options, read alongside.
    await page.getByRole('link', { name: 'have a new one e-mailed to you' }).waitFor();
    await page.goto('/auth');
    await signInWithPassword(page, EMAIL, OLD_PASSWORD);
    await expect(page.locator('form [role="alert"]').innerText()).resolves.toBe('Incorrect e-mail or password.');
    await signInWithPassword(page, EMAIL, NEW_PASSWORD);
    await page.waitForURL('**/admin/**');
    await expect(page.getByText(`Welcome, ${EMAIL}`).count()).resolves.toBe(1);
    expect(errors.filter((e) => !e.includes('401') && !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('is answered alike for an address with no account, which is mailed nothing', async () => {
    const nobody = 'no.one.here@valleytrenchless.example';
    const { page, context } = await openPage(browser);
    await page.goto('/admin/forgot-password');
    await askForALink(page, nobody);
    await expect(page.getByRole('status').innerText()).resolves.toContain(`If ${nobody} has an account here, we have e-mailed it a link`);
    // Another address is asked for from the same page, and the sink stays
    // empty for the first one.
    await page.getByRole('button', { name: 'try again' }).click();
    await expect(page.getByLabel('E-mail').count()).resolves.toBe(1);
    await expect(mailsTo(nobody)).resolves.toEqual([]);
    await context.close();
  });
});
