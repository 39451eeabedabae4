// Issue 28 "nothing typed is lost" in the post editor, against the whole
// stack: a draft saves itself once typing pauses (a new post becomes a
// draft at its own address, without a revision per pause); a published
// post never does, and says so; every change is kept in the browser and
// offered back after a reload or a closed tab. And WCAG 2.2 SC 2.4.11: the
// sticky actions bar never hides the field that has the focus.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { adminPostList, axeViolations, deletePostsOfRun, staffCookies, toastText, type Cookies } from './staff';

let browser: Browser;
/** One staff session for the whole file. */
let staffSession: Cookies;
beforeAll(async () => {
  browser = await launch();
  staffSession = await staffCookies(browser);
});
/** Unique per run, so slugs never collide with earlier runs. */
const RUN = Date.now().toString(36);

afterAll(async () => {
  if (browser && staffSession) await deletePostsOfRun(browser, staffSession, RUN);
  await browser?.close();
});

type Post = { id: string; slug: string; title: string; excerpt: string; content: string; isPublished: boolean; version: string; autosaved?: boolean };

/** How long an autosave may take to happen: the pause (2.5 s) and the request, with room for a slow machine. */
const AUTOSAVED = { timeout: 20_000, interval: 250 };

async function staffPage(viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, viewport);
  await opened.context.addCookies(staffSession);
  return opened;
}

async function storedPost(context: BrowserContext, id: string): Promise<Post> {
  const res = await context.request.get(`${BASE_URL}/api/admin/blog-posts/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Post;
}

async function revisionCount(context: BrowserContext, id: string): Promise<number> {
  const res = await context.request.get(`${BASE_URL}/api/admin/blog-posts/${id}/revisions`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

async function createPost(context: BrowserContext, name: string, fields: Record<string, unknown> = {}): Promise<Post> {
  const res = await context.request.post(`${BASE_URL}/api/admin/blog-posts`, {
    data: {
      title: `Autosave ${name} ${RUN}`,
      slug: `autosave-${name}-${RUN}`,
      excerpt: 'The excerpt as stored.',
      content: '<p>The body as stored.</p>',
      isPublished: true,
      ...fields,
    },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Post;
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
/** The autosave's status line by the actions (a polite live region). */
const status = (page: Page) => page.locator('.post-form__autosave[role="status"]');
const statusText = async (page: Page) => (await status(page).innerText()).trim();
const offer = (page: Page) => page.getByRole('alert').filter({ hasText: 'You have unsaved changes from' });

async function openEditor(page: Page, post: Post) {
  await page.goto(`/admin/posts/${post.id}`);
  await editor(page).waitFor();
  await expect.poll(() => titleField(page).inputValue()).toBe(post.title);
}

describe('autosaving a draft', () => {
  it('makes a new post a draft at its own address once typing pauses, and saves later typing over it', async () => {
    const { page, context, errors } = await staffPage();
    await page.goto('/admin/posts/new');
    await editor(page).waitFor();
    const title = `Autosaved new post ${RUN}`;
    await titleField(page).fill(title);
    await page.getByLabel('Excerpt').fill('Typed, never saved by hand.');
    // Only the title, slug and excerpt so far: the server would refuse it, so it is only kept here.
    await expect.poll(() => statusText(page), AUTOSAVED).toMatch(/^Kept in this browser only/);
    expect(page.url()).toBe(`${BASE_URL}/admin/posts/new`);

    await editor(page).click();
    await page.keyboard.type('The first words.');
    await expect.poll(() => statusText(page), AUTOSAVED).toMatch(/^Saved · \d{1,2}:\d{2}/);
    await page.waitForURL(/\/admin\/posts\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() ?? '';
    const first = await storedPost(context, id);
    expect(first).toMatchObject({ title, slug: `autosaved-new-post-${RUN}`, excerpt: 'Typed, never saved by hand.', isPublished: false });
    expect(first.content).toContain('The first words.');
    // The same form went on: the text keeps the focus, typing continues where it was.
    await expect(editor(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Create post' }).count()).resolves.toBe(1);
    const revisions = await revisionCount(context, id);

    // More typing, more pauses: saved over the draft, without a revision each time.
    await page.keyboard.type(' More words.');
    await expect.poll(async () => (await storedPost(context, id)).content, AUTOSAVED).toContain('More words.');
    await page.keyboard.type(' Even more.');
    await expect.poll(async () => (await storedPost(context, id)).content, AUTOSAVED).toContain('Even more.');
    await expect.poll(() => statusText(page), AUTOSAVED).toMatch(/^Saved · /);
    expect(await revisionCount(context, id)).toBe(revisions);
    expect(page.url()).toBe(`${BASE_URL}/admin/posts/${id}`);
    expect(await axeViolations(page)).toEqual([]);

    // Create post (Published is ticked, as for any new post): published, and the draft is gone.
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post created successfully');
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    const created = await storedPost(context, id);
    expect(created.isPublished).toBe(true);
    expect(created.content).toContain('Even more.');
    // Only one post was made (the draft itself became it).
    const all = (await adminPostList(context)).posts;
    expect(all.filter((p) => p.slug === `autosaved-new-post-${RUN}`)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves a stored draft by itself, and shows its unchosen publish time empty', async () => {
    const { page, context } = await staffPage();
    const draft = await createPost(context, 'draft', { isPublished: false });
    await openEditor(page, draft);
    await expect(page.getByLabel('Publish date and time').inputValue()).resolves.toBe('');
    await expect(page.getByText('Set when it is published, or choose a time to schedule it.').count()).resolves.toBe(1);
    await page.getByLabel('Excerpt').fill('A better excerpt.');
    await expect.poll(() => statusText(page), AUTOSAVED).toMatch(/^Saved · /);
    const stored = await storedPost(context, draft.id);
    expect(stored.excerpt).toBe('A better excerpt.');
    expect(stored.isPublished).toBe(false);
    // Saved, so leaving asks nothing.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    await context.close();
  });
});

describe('a published post', () => {
  it('is never saved by itself: it says so, and the typing survives a reload and a closed tab', async () => {
    const { page, context } = await staffPage();
    const post = await createPost(context, 'published');
    await openEditor(page, post);
    const typed = `Typed into a published post ${RUN}`;
    await titleField(page).click();
    await titleField(page).fill(typed);
    await expect.poll(() => statusText(page)).toBe('Changes not saved yet. A published post changes only when you save it.');
    // Well past the pause: nothing was sent.
    await page.waitForTimeout(4500);
    const stored = await storedPost(context, post.id);
    expect(stored.title).toBe(post.title);
    expect(stored.version).toBe(post.version);

    // Reload (the browser asks first: leave).
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    await offer(page).waitFor();
    await expect(offer(page).innerText()).resolves.toMatch(/^You have unsaved changes from .+ in this browser\./);
    await expect(titleField(page).inputValue()).resolves.toBe(post.title);
    expect(await axeViolations(page)).toEqual([]);

    // A closed tab: the same, in a new one.
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    await openEditor(again, post);
    await offer(again).waitFor();
    await offer(again).getByRole('button', { name: 'Restore them' }).click();
    await expect.poll(() => titleField(again).inputValue()).toBe(typed);
    await expect(offer(again).count()).resolves.toBe(0);
    await expect.poll(() => statusText(again)).toMatch(/^Changes not saved yet/);
    await again.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(again)).toBe('Success Blog post updated successfully');
    expect((await storedPost(context, post.id)).title).toBe(typed);

    // Saved by hand: the copy is gone, nothing is offered.
    await openEditor(again, { ...post, title: typed });
    await again.waitForTimeout(300);
    await expect(offer(again).count()).resolves.toBe(0);
    await context.close();
  });

  it('Discard drops the copy', async () => {
    const { page, context } = await staffPage();
    const post = await createPost(context, 'discard');
    await openEditor(page, post);
    await titleField(page).fill(`Not wanted ${RUN}`);
    // (The copy is written as the form re-renders.)
    await page.waitForTimeout(300);
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    await openEditor(again, post);
    await offer(again).getByRole('button', { name: 'Discard' }).click();
    await expect(offer(again).count()).resolves.toBe(0);
    await expect(titleField(again).inputValue()).resolves.toBe(post.title);
    await again.reload();
    await editor(again).waitFor();
    await again.waitForTimeout(300);
    await expect(offer(again).count()).resolves.toBe(0);
    await context.close();
  });
});

describe('focus not obscured (WCAG 2.2 SC 2.4.11)', () => {
  it('keeps every field clear of the sticky actions bar as you Tab through the form', async () => {
    const { page, context } = await staffPage({ width: 1280, height: 720 });
    const post = await createPost(context, 'focus', { isPublished: false });
    await openEditor(page, post);
    await titleField(page).focus();
    const seen: string[] = [];
    for (let i = 0; i < 80; i++) {
      // (After the browser's scrolling and the form's own, a frame later.)
      await page.waitForTimeout(120);
      const step = await page.evaluate(() => {
        const el = document.activeElement;
        const bar = document.querySelector('.post-form__actions');
        const form = document.querySelector('form.post-form');
        if (!(el instanceof HTMLElement) || !bar || !form) return { done: true as const, name: 'none', overlap: false };
        if (bar.contains(el) || !form.contains(el)) return { done: true as const, name: el.textContent ?? '', overlap: false };
        const a = el.getBoundingClientRect();
        const b = bar.getBoundingClientRect();
        const name = el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName;
        const sized = a.width > 2 && a.height > 2;
        const overlap = sized && a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;
        return { done: false as const, name, overlap, box: [a.top, a.bottom], bar: [b.top, b.bottom] };
      });
      if (step.done) break;
      seen.push(step.name);
      expect(step.overlap, `${step.name} is hidden by the actions bar: ${JSON.stringify(step)}`).toBe(false);
      await page.keyboard.press('Tab');
    }
    // It went all the way down: the publishing fields were among them.
    expect(seen).toContain('isPublished');
    expect(seen).toContain('publishedAt');
    await context.close();
  });
});
