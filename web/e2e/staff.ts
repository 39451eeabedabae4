import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { BASE_URL, openPage } from './browser';

/** The staff account scripts/web-e2e.sh creates (an operator-made local account). */
export const STAFF_EMAIL = process.env.E2E_STAFF_EMAIL ?? 'e2e@valleytrenchless.example';
export const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password-1';
/** A second staff account (scripts/web-e2e.sh), for two people editing the same thing. */
export const STAFF2_EMAIL = process.env.E2E_STAFF2_EMAIL ?? 'ben@valleytrenchless.example';
export const STAFF2_PASSWORD = process.env.E2E_STAFF2_PASSWORD ?? 'e2e-staff-password-2';
/** An editor and a sales person (scripts/web-e2e.sh, issue 39); the two accounts above are owners. */
export const EDITOR = { email: process.env.E2E_EDITOR_EMAIL ?? 'eddie@valleytrenchless.example', password: process.env.E2E_EDITOR_PASSWORD ?? 'e2e-editor-password-1' };
export const SALES = { email: process.env.E2E_SALES_EMAIL ?? 'sally@valleytrenchless.example', password: process.env.E2E_SALES_PASSWORD ?? 'e2e-sales-password-1' };
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

/** A signed-in session's cookies, for every page of a test file to reuse. */
export type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/**
 * Signs a throwaway context in (as staff, or as `as`) and returns its
 * cookies. A file signs each person in once: sign-in is rate limited (5 at
 * once, then one per 12 s).
 */
export async function staffCookies(browser: Browser, as?: { email: string; password: string }): Promise<Cookies> {
  const { context } = await openPage(browser);
  await signInAsStaff(context, as);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

/** A post as the staff list sends it: a summary without the body (GET /api/admin/blog-posts/{id} has that). */
export type PostSummary = { id: string; slug: string; title: string; isPublished: boolean; publishedAt: string; updatedAt: string; listAt: string };

/**
 * The staff list as the API pages it (issue 29): every post, or those whose
 * title holds every word of `query`, in the order asked for, walking the
 * pages (X-Next-Page-Token); with the counts of its first page
 * (X-Total-Count: matching; X-Post-Count: all posts).
 */
export async function adminPostList(
  context: BrowserContext,
  { query = '', sort = '' }: { query?: string; sort?: string } = {},
): Promise<{ posts: PostSummary[]; total: number; all: number }> {
  const posts: PostSummary[] = [];
  let token = '';
  let counts: { total: number; all: number } | null = null;
  do {
    const params = new URLSearchParams({ pageSize: '200' });
    if (query) params.set('query', query);
    if (sort) params.set('sort', sort);
    if (token) params.set('pageToken', token);
    const res = await context.request.get(`${BASE_URL}/api/admin/blog-posts?${params}`);
    expect(res.status(), await res.text()).toBe(200);
    posts.push(...((await res.json()) as PostSummary[]));
    const headers = res.headers();
    counts ??= { total: Number(headers['x-total-count']), all: Number(headers['x-post-count']) };
    token = headers['x-next-page-token'] ?? '';
  } while (token !== '');
  return { posts, ...counts! };
}

/**
 * Deletes the posts a test file made (slug or title holding `run`, its
 * unique run id), so the other suites find the site as they expect it: the
 * newest posts on the home page and the resources list are theirs.
 */
export async function deletePostsOfRun(browser: Browser, cookies: Cookies, run: string): Promise<void> {
  const { context } = await openPage(browser);
  await context.addCookies(cookies);
  const { posts } = await adminPostList(context);
  for (const p of posts.filter((p) => p.slug.includes(run) || p.title.includes(run))) {
    const res = await context.request.delete(`${BASE_URL}/api/admin/blog-posts/${p.id}`, { headers: { Origin: BASE_URL } });
    expect(res.status(), `delete ${p.slug}`).toBe(200);
  }
  await context.close();
}

type APIResponse = Awaited<ReturnType<BrowserContext['request']['get']>>;

/**
 * A staff API call that waits out the per-account limit (120, then 10 a
 * second): a test that sets up a hundred texts through the API as one
 * account works faster than any person, so a 429 waits for its
 * Retry-After and is sent again.
 */
export async function withinStaffLimit(call: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await call();
    if (res.status() !== 429) return res;
    // Retry-After, plus up to half a second so calls refused together do not all come back together.
    await new Promise((r) => setTimeout(r, (Number(res.headers()['retry-after']) || 1) * 1000 + Math.random() * 500));
  }
  throw new Error('the staff API kept answering 429');
}

/**
 * Moves an account's sessions back in time by `minutes` (their sign-in and
 * any confirmation), in the stack's own database (scripts/web-e2e.sh gives
 * its URL): a test of what an hour-old session may do does not wait an hour.
 */
export function ageSessions(email: string, minutes: number): void {
  const url = process.env.E2E_DB_URL;
  if (!url) throw new Error('E2E_DB_URL is not set: run the browser tests with scripts/web-e2e.sh');
  execFileSync('psql', [url, '-qtA', '-v', 'ON_ERROR_STOP=1', '-v', `email=${email}`, '-v', `minutes=${minutes}`], {
    input: `UPDATE gateway.sessions SET created_at = created_at - make_interval(mins => :minutes),
      confirmed_at = confirmed_at - make_interval(mins => :minutes)
      WHERE user_id = (SELECT id FROM gateway.users WHERE username = :'email');`,
  });
}
