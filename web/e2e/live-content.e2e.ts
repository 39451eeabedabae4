// Current content in the HTML the edge serves (issue 13, ADR 0003): article
// bodies rendered on the server, staff edits and publishes in fresh page
// loads within 3 s, scheduled posts on time, against the whole stack.
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, fetchHtml, launch, nextVisitorIp, openPage } from './browser';
import { signInAsStaff } from './staff';

let browser: Browser;
let staff: BrowserContext;
let api: APIRequestContext;
const createdPosts: string[] = [];
let originalTitle = '';

beforeAll(async () => {
  browser = await launch();
  staff = await browser.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': nextVisitorIp() } });
  await signInAsStaff(staff);
  api = staff.request;
  const items = (await (await api.get('/api/editable-content')).json()) as { contentKey: string; content: string }[];
  originalTitle = items.find((i) => i.contentKey === 'hero.title')?.content ?? '';
  expect(originalTitle).not.toBe('');
});

afterAll(async () => {
  if (originalTitle) await putContent('hero.title', originalTitle);
  for (const id of createdPosts) await api.delete(`/api/admin/blog-posts/${id}`, { headers: { Origin: BASE_URL } });
  await staff?.close();
  await browser?.close();
});

async function putContent(key: string, content: string) {
  const res = await api.put(`/api/admin/editable-content/${key}`, { data: { content }, headers: { Origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(200);
}

async function createPost(fields: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const res = await api.post('/api/admin/blog-posts', { data: fields, headers: { Origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(200);
  const post = (await res.json()) as { id: string; slug: string };
  createdPosts.push(post.id);
  return post;
}

/** Polls until check passes or the deadline (ms after start) passes; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('articles in the first HTML', () => {
  it('serves the body, headings, table, hero, date, read time and category before any script runs', async () => {
    const { status, html } = await fetchHtml('/blog/drain-camera-inspection-guide');
    expect(status).toBe(200);
    expect(html).toContain('<h1 id="article-title">What a Drain Camera Inspection Shows and How to Read the Report</h1>');
    expect(html).toMatch(/<div class="article__body">[\s\S]*<h2>How the Inspection Works<\/h2>/);
    expect(html).toMatch(/<div class="article__table" role="region" tabindex="0"[^>]*><table>/);
    expect(html).toContain('<span class="article__badge">Technology</span>');
    expect(html).toMatch(/<time dateTime="2026-11-10T[^"]+">November 10, 2026<\/time>/i);
    expect(html).toMatch(/\d+ min read/);
    expect(html).toMatch(/<img\b(?=[^>]*\sclass="article__hero")(?=[^>]*\ssrc="[^"]+")(?=[^>]*\ssrcset="[^"]+")/i);
    expect(html).toContain('<script type="application/json" id="post-data">');
    expect(html).not.toContain('⟦');
  });

  it('reads in full with JavaScript disabled', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog/trenchless-vs-traditional-cost-guide');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/\S/);
    await expect(page.locator('.article__body h2').count()).resolves.toBeGreaterThan(1);
    await expect(page.locator('.article__body table tr').count()).resolves.toBeGreaterThan(2);
    await expect(page.locator('[data-ec="hero.title"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('hydrates an article from the HTML it came with: no request for the post, no console error', async () => {
    const { page, context, errors } = await openPage(browser);
    const postRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/blog-posts/')) postRequests.push(r.url());
    });
    await page.goto('/blog/orangeburg-pipe-guide');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Share this article' }).waitFor();
    expect(postRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('changes reach fresh page loads', () => {
  it('shows an edit of hero.title within 3 s, on the home page HTML and in its data block', async () => {
    const title = `Sewer lines fixed without digging ${Date.now()}`;
    await putContent('hero.title', title);
    await within(3000, async () => (await fetchHtml('/')).html.includes(`<h1 id="home-hero-title" data-ec="hero.title">${title}</h1>`), 'hero.title in /');
    const { html } = await fetchHtml('/');
    expect(html).toMatch(new RegExp(`<script type="application/json" id="editable-content">[^<]*${title}`));
    // The browser shows it from the first paint and hydrates without a mismatch.
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await expect(page.locator('#home-hero-title').textContent()).resolves.toBe(title);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
    await putContent('hero.title', originalTitle);
  });

  it('shows a post body edit within 3 s, and an unpublished post is gone within 3 s', async () => {
    const slug = `live-body-${Date.now()}`;
    const fields = { title: 'Live body test', slug, excerpt: 'A post for the live-content test.', content: 'First version of the body.' };
    const post = await createPost(fields);
    await within(3000, async () => (await fetchHtml(`/blog/${slug}`)).html.includes('<p>First version of the body.</p>'), 'new post');
    const update = await api.put(`/api/admin/blog-posts/${post.id}`, {
      data: { ...fields, content: '## Second version\n\n| Pipe | Risk |\n|---|---|\n| Clay | High |' },
      headers: { Origin: BASE_URL },
    });
    expect(update.status()).toBe(200);
    await within(3000, async () => (await fetchHtml(`/blog/${slug}`)).html.includes('<h2>Second version</h2>'), 'edited body');
    const unpublish = await api.put(`/api/admin/blog-posts/${post.id}`, {
      data: { ...fields, isPublished: false },
      headers: { Origin: BASE_URL },
    });
    expect(unpublish.status()).toBe(200);
    await within(3000, async () => (await fetchHtml(`/blog/${slug}`)).status === 404, 'unpublished post');
  });

  it('publishes a post scheduled 5 s ahead on time: its page, the sitemap, the feed, the resources list and the home preview', async () => {
    const slug = `scheduled-${Date.now()}`;
    const at = new Date(Date.now() + 5000);
    await createPost({
      title: `Scheduled post ${slug}`,
      slug,
      excerpt: 'Goes live by itself.',
      content: 'Published on schedule.',
      isPublished: true,
      publishedAt: at.toISOString(),
    });
    expect((await fetchHtml(`/blog/${slug}`)).status).toBe(404);
    expect((await fetchHtml('/sitemap.xml')).html).not.toContain(slug);
    // On time: each place shows it at most 10 s after the scheduled moment (5 s from now).
    const deadline = () => at.getTime() + 10_000 - Date.now();
    await within(deadline(), async () => (await fetchHtml(`/blog/${slug}`)).status === 200, 'scheduled post page');
    await within(deadline(), async () => (await fetchHtml('/sitemap.xml')).html.includes(`/blog/${slug}</loc>`), 'sitemap');
    await within(deadline(), async () => (await fetchHtml('/blog/rss.xml')).html.includes(`/blog/${slug}</link>`), 'feed');
    const { page, context } = await openPage(browser);
    await page.goto('/resources');
    await page.getByRole('link', { name: new RegExp(`Scheduled post ${slug}`) }).first().waitFor({ timeout: Math.max(deadline(), 1000) });
    await page.goto('/');
    await page.getByRole('link', { name: new RegExp(`Scheduled post ${slug}`) }).first().waitFor({ timeout: Math.max(deadline(), 1000) });
    await context.close();
  });
});
