import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { BASE_URL } from './browser';

/** The staff account scripts/web-e2e.sh creates (an operator-made local account). */
export const STAFF_EMAIL = process.env.E2E_STAFF_EMAIL ?? 'e2e@valleytrenchless.example';
export const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password-1';
/** A second staff account (scripts/web-e2e.sh), for two people editing the same thing. */
export const STAFF2_EMAIL = process.env.E2E_STAFF2_EMAIL ?? 'ben@valleytrenchless.example';
export const STAFF2_PASSWORD = process.env.E2E_STAFF2_PASSWORD ?? 'e2e-staff-password-2';
/** The development OIDC provider scripts/web-e2e.sh starts (scripts/oidcdev). */
export const OIDC_URL = process.env.E2E_OIDC_URL ?? 'http://127.0.0.1:19096';

/**
 * Signs the context in as staff through the API (fast; the sign-in page
 * itself has its own tests). The session cookie lands in the context, so
 * every page of it is signed in.
 */
export async function signInAsStaff(context: BrowserContext, as: { email: string; password: string } = { email: STAFF_EMAIL, password: STAFF_PASSWORD }): Promise<void> {
  const res = await context.request.post(`${BASE_URL}/api/login`, {
    data: { username: as.email, password: as.password },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The toast currently on screen: its title and description. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('[data-variant]').filter({ hasText: /\S/ }).last();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** axe with WCAG 2.2 AA rules: the violations on the page as it is now (ids and targets). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
