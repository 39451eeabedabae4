// Issue 28 "no SEO title/description or social image per post", against
// the whole stack: the post form's "Search and social" section (counters,
// a search result preview, the server's limits checked as staff type, an
// image from the media library), the three fields stored, the served
// article's head carrying them (the gateway), and the article's head after
// client-side navigation carrying them too (the app).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { png } from './images';
import { adminPostList, axeViolations, deletePostsOfRun, staffCookies, toastText, type Cookies } from './staff';

const COMPANY = 'Valley Trenchless Pros';

let browser: Browser;
/** One staff session for the whole file (sign-in is rate limited). */
let staffSession: Cookies;
/** Unique per run, so slugs and images never collide with earlier runs. */
const RUN = Date.now().toString(36);
const SEED = Date.now() % 100_000;
/** The library image this file uploads for the social image; deleted at the end. */
let image: { key: string; url: string } | undefined;

beforeAll(async () => {
  browser = await launch();
  staffSession = await staffCookies(browser);
  const { context } = await openPage(browser);
  await context.addCookies(staffSession);
  const res = await context.request.post(`${BASE_URL}/api/upload-image`, {
    multipart: { file: { name: `share-${RUN}.png`, mimeType: 'image/png', buffer: png(600, 315, { noise: true, seed: SEED }) } },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  image = (await res.json()) as { key: string; url: string };
  await context.close();
});

afterAll(async () => {
  if (browser && staffSession) {
    await deletePostsOfRun(browser, staffSession, RUN);
    if (image) {
      const { context } = await openPage(browser);
      await context.addCookies(staffSession);
      const res = await context.request.delete(`${BASE_URL}/api/admin/media/${image.key}`, { headers: { Origin: BASE_URL } });
      expect([200, 404], `delete ${image.key}`).toContain(res.status());
      await context.close();
    }
  }
  await browser?.close();
});

type Post = { id: string; slug: string; title: string; seoTitle: string; seoDescription: string; socialImageUrl: string; isPublished: boolean };

async function staffPage() {
  const opened = await openPage(browser);
  await opened.context.addCookies(staffSession);
  return opened;
}

/** The stored post with this slug, whole (the list's summaries carry no SEO fields). */
async function postBySlug(context: BrowserContext, slug: string): Promise<Post | undefined> {
  const listed = (await adminPostList(context)).posts.find((p) => p.slug === slug);
  if (!listed) return undefined;
  const res = await context.request.get(`${BASE_URL}/api/admin/blog-posts/${listed.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Post;
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const section = (page: Page) => page.getByRole('group', { name: 'Search and social' });
const seoTitleField = (page: Page) => page.getByLabel('SEO title');
const seoDescriptionField = (page: Page) => page.getByLabel('SEO description');
const socialImageField = (page: Page) => page.getByLabel('Social image', { exact: true });
/** The text of the hint a field names first in aria-describedby (where its counter is). */
const hintOf = (field: ReturnType<Page['getByLabel']>) =>
  field.evaluate((el) => document.getElementById((el.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '')?.textContent ?? '');
/** A <meta> tag's content in served HTML (attributes as the gateway writes them). */
function metaContent(html: string, attr: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1];
}

describe('a post’s search and social fields', () => {
  const title = `Lining a cast iron stack in a two-storey house ${RUN}`;
  const slug = `seo-lining-cast-iron-${RUN}`;
  const excerpt = 'What lining a cast iron stack involves, floor by floor.';
  const seoTitle = `Cast iron stack lining ${RUN}`;
  const seoDescription = `How a cured-in-place liner renews a cracked cast iron stack without opening walls (${RUN}).`;

  it('are typed with counters and a search preview, checked as typed, stored, and make the article’s head', async () => {
    const { page, context, errors } = await staffPage();
    await page.goto('/admin/posts/new');
    await editor(page).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Excerpt').fill(excerpt);
    await editor(page).click();
    await page.keyboard.type('The stack is lined from the roof vent down.');

    // Empty fields show what stands in for them, and the preview uses it.
    await section(page).waitFor();
    await expect(seoTitleField(page).getAttribute('placeholder')).resolves.toBe(title);
    await expect(seoDescriptionField(page).getAttribute('placeholder')).resolves.toBe(excerpt);
    const result = section(page).locator('.post-seo__result');
    await expect.poll(() => result.locator('.post-seo__result-title').innerText()).toMatch(/^Lining a cast iron stack in a two-storey house.*…$/);
    await expect(result.locator('.post-seo__result-description').innerText()).resolves.toBe(excerpt);

    // Typed: counters and the preview follow.
    await seoTitleField(page).fill(seoTitle);
    await seoDescriptionField(page).fill(seoDescription);
    await expect.poll(() => hintOf(seoTitleField(page))).toContain(`${seoTitle.length}/70`);
    await expect.poll(() => hintOf(seoDescriptionField(page))).toContain(`${seoDescription.length}/300`);
    await expect.poll(() => result.locator('.post-seo__result-title').innerText()).toBe(`${seoTitle} | ${COMPANY}`);
    await expect(result.locator('.post-seo__result-url').innerText()).resolves.toMatch(new RegExp(`^https?://[^/]+/blog/${slug}$`));
    await expect(result.locator('.post-seo__result-description').innerText()).resolves.toBe(seoDescription);

    // Too long: the server's words on the field, and saving is refused with the focus there.
    await seoTitleField(page).fill('x'.repeat(71));
    await seoTitleField(page).blur();
    const titleError = section(page).getByText('SEO title must be 70 characters or fewer');
    await titleError.waitFor();
    await expect(seoTitleField(page).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(seoTitleField(page).getAttribute('aria-describedby')).resolves.toContain((await titleError.getAttribute('id')) ?? '-');
    await expect.poll(() => hintOf(seoTitleField(page))).toContain('71/70');
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect.poll(() => seoTitleField(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).not.toBe(`${BASE_URL}/admin/posts`);
    // (An autosave may have stored the draft before; never with the refused title.)
    expect((await postBySlug(context, slug))?.seoTitle ?? '').not.toBe('x'.repeat(71));
    await seoTitleField(page).fill(seoTitle);
    await expect.poll(() => titleError.count()).toBe(0);

    // The social image, chosen from the library.
    await section(page).getByRole('button', { name: 'Choose a social image from the library…' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the image for shared links' });
    await picker.locator(`[data-image-key="${image?.key}"]`).click();
    await picker.waitFor({ state: 'detached' });
    const socialUrl = `/media/${image?.key}?w=1600`;
    await expect.poll(() => socialImageField(page).inputValue()).toBe(socialUrl);
    await expect(section(page).locator('.post-seo__thumb').getAttribute('src')).resolves.toBe(socialUrl);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create post' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post created successfully');
    await page.waitForURL(`${BASE_URL}/admin/posts`);

    // (a) Stored.
    const listed = await postBySlug(context, slug);
    expect(listed).toBeDefined();
    const res = await context.request.get(`${BASE_URL}/api/admin/blog-posts/${listed?.id}`);
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ slug, title, isPublished: true, seoTitle, seoDescription, socialImageUrl: socialUrl });

    // The editor shows them again.
    await page.goto(`/admin/posts/${listed?.id}`);
    await expect.poll(() => seoTitleField(page).inputValue()).toBe(seoTitle);
    await expect(seoDescriptionField(page).inputValue()).resolves.toBe(seoDescription);
    await expect(socialImageField(page).inputValue()).resolves.toBe(socialUrl);

    // (c) The served page's head, as the gateway writes it.
    const served = await context.request.get(`${BASE_URL}/blog/${slug}`);
    expect(served.status()).toBe(200);
    const html = await served.text();
    expect(html).toContain(`<title>${seoTitle} | ${COMPANY}</title>`);
    expect(html).toContain(`<meta name="description" content="${seoDescription}">`);
    expect(metaContent(html, 'property', 'og:title')).toBe(seoTitle);
    expect(metaContent(html, 'property', 'og:description')).toBe(seoDescription);
    expect(metaContent(html, 'property', 'og:image')).toMatch(new RegExp(`^https?://[^"]+${socialUrl.replace(/[?]/g, '\\?')}$`));
    // The page itself still shows the post's own title.
    expect(html).toContain(`<h1 id="article-title">${title}</h1>`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the SEO title once the served article runs, and sets it after client-side navigation', async () => {
    const { page, context, errors } = await openPage(browser);
    // Served, then the app takes over: the head it keeps is the post's SEO one, not the title.
    await page.goto(`/blog/${slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('load');
    await expect.poll(() => page.title()).toBe(`${seoTitle} | ${COMPANY}`);
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toBe(seoDescription);

    // (d) From /blog to the article without a page load: the router follows the history entry.
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('load');
    await page.evaluate((path) => {
      (window as unknown as { stayed: boolean }).stayed = true;
      history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, `/blog/${slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).resolves.toBe(true);
    await expect.poll(() => page.title()).toBe(`${seoTitle} | ${COMPANY}`);
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toBe(seoDescription);
    await expect(page.locator('meta[property="og:title"]').getAttribute('content')).resolves.toBe(seoTitle);
    await expect(page.locator('meta[property="og:image"]').getAttribute('content')).resolves.toMatch(new RegExp(`/media/${image?.key}\\?w=1600$`));
    expect(errors).toEqual([]);
    await context.close();
  });
});
