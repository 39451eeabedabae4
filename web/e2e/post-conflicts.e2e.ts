// Issue 28 "edit conflicts" in the post editor, against the whole stack: two
// staff members (two browser contexts, two accounts) edit the same post.
// A save based on an older version is refused and both versions are shown
// (overwrite, load theirs, merge); a newer version arriving while someone
// types never wipes what they typed; Ctrl+S saves.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { axeViolations, deletePostsOfRun, staffCookies, STAFF2_EMAIL, STAFF2_PASSWORD, STAFF_EMAIL, toastText, type Cookies } from './staff';


let browser: Browser;
/** One session per person for the whole file. */
let anaCookies: Cookies;
let benCookies: Cookies;
beforeAll(async () => {
  browser = await launch();
  anaCookies = await staffCookies(browser);
  benCookies = await staffCookies(browser, { email: STAFF2_EMAIL, password: STAFF2_PASSWORD });
});
/** Unique per run, so slugs never collide with earlier runs. */
const RUN = Date.now().toString(36);

afterAll(async () => {
  if (browser && anaCookies) await deletePostsOfRun(browser, anaCookies, RUN);
  await browser?.close();
});

type Post = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  category: string;
  isPublished: boolean;
  publishedAt: string;
  version: string;
  updatedBy: string;
};

/** A page signed in as Ana (the first staff account) or Ben (the second). */
async function pageAs(who: 'ana' | 'ben') {
  const opened = await openPage(browser);
  await opened.context.addCookies(who === 'ana' ? anaCookies : benCookies);
  return opened;
}

/**
 * A post made through the API for one test: scheduled far ahead, so it
 * stays off the public pages and, being published, is never autosaved —
 * every save here is one the test makes (the versions it checks count them).
 */
async function createPost(context: BrowserContext, name: string): Promise<Post> {
  const res = await context.request.post(`${BASE_URL}/api/admin/blog-posts`, {
    data: {
      title: `Conflict ${name} ${RUN}`,
      slug: `conflict-${name}-${RUN}`,
      excerpt: 'The excerpt both people opened.',
      content: '<p>The body both people opened.</p>',
      isPublished: true,
      publishedAt: '2099-01-01T12:00:00Z',
    },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Post;
}

async function storedPost(context: BrowserContext, id: string): Promise<Post> {
  const res = await context.request.get(`${BASE_URL}/api/admin/blog-posts/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Post;
}

/** Ben saves a new title through the API, as his own editor would (based on the version stored now). */
async function benSavesTitle(context: BrowserContext, id: string, title: string): Promise<Post> {
  const now = await storedPost(context, id);
  const res = await context.request.put(`${BASE_URL}/api/admin/blog-posts/${id}`, {
    data: {
      title,
      slug: now.slug,
      excerpt: now.excerpt,
      content: now.content,
      imageUrl: now.imageUrl,
      category: '',
      isPublished: now.isPublished,
      publishedAt: now.publishedAt,
      baseVersion: now.version,
    },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Post;
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const excerptField = (page: Page) => page.getByLabel('Excerpt');
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'Someone else saved this post' });
/** The notice by the form's actions (a polite live region). */
const notice = (page: Page) => page.locator('.post-form__notice[role="status"]');

async function openEditor(page: Page, post: Post) {
  await page.goto(`/admin/posts/${post.id}`);
  await page.getByRole('heading', { name: 'Edit post' }).waitFor();
  await editor(page).waitFor();
  await expect.poll(() => titleField(page).inputValue()).toBe(post.title);
}

/** One row of the comparison: its field, their value and yours. */
async function conflictRow(page: Page, label: string): Promise<{ theirs: string; yours: string } | null> {
  const row = conflictDialog(page).locator('tbody tr').filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) });
  if ((await row.count()) === 0) return null;
  return {
    theirs: (await row.locator('td[data-version="theirs"]').innerText()).trim(),
    yours: (await row.locator('td[data-version="yours"]').innerText()).replace(/\s+/g, ' ').trim(),
  };
}

/** Console errors, less the browser's own line for the refused save (a 409 is expected here). */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 409/.test(e));

/**
 * Ana and Ben open the same post; Ben changes its title and saves through
 * his editor; Ana changes the excerpt and saves: refused, the dialog opens.
 */
async function benSavesFirst(name: string) {
  const ana = await pageAs('ana');
  const ben = await pageAs('ben');
  const post = await createPost(ana.context, name);
  await openEditor(ana.page, post);
  await openEditor(ben.page, post);

  const benTitle = `Ben’s title ${name} ${RUN}`;
  await titleField(ben.page).fill(benTitle);
  await ben.page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => toastText(ben.page)).toBe('Success Blog post updated successfully');
  await ben.page.waitForURL(`${BASE_URL}/admin/posts`);
  await ben.context.close();

  const anaExcerpt = `Ana’s excerpt for ${name}.`;
  await excerptField(ana.page).fill(anaExcerpt);
  await ana.page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = conflictDialog(ana.page);
  await dialog.waitFor();
  await expect.poll(() => conflictRow(ana.page, 'Title')).not.toBeNull();
  return { ...ana, post, benTitle, anaExcerpt, dialog };
}

describe('two people save the same post', () => {
  it('refuses the older save, shows both versions naming who saved, and saves mine over theirs on request', async () => {
    const { page, context, errors, post, benTitle, anaExcerpt, dialog } = await benSavesFirst('overwrite');
    await expect(dialog.innerText()).resolves.toContain(`${STAFF2_EMAIL} saved a newer version at`);
    await expect(dialog.innerText()).resolves.toContain('Your changes are not saved yet.');
    // Only the fields that differ, each with both values; the field Ana left alone says so.
    await expect(conflictRow(page, 'Title')).resolves.toEqual({ theirs: benTitle, yours: `${post.title} You did not change this.` });
    await expect(conflictRow(page, 'Excerpt')).resolves.toEqual({ theirs: 'The excerpt both people opened.', yours: anaExcerpt });
    await expect(conflictRow(page, 'Content')).resolves.toBeNull();
    await expect(conflictRow(page, 'Slug')).resolves.toBeNull();
    // The safe answer has the focus; nothing was written.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Keep editing');
    expect((await storedPost(context, post.id)).version).toBe('2');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Save mine over theirs' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post updated successfully');
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    const stored = await storedPost(context, post.id);
    expect(stored).toMatchObject({ title: post.title, excerpt: anaExcerpt, version: '3', updatedBy: STAFF_EMAIL });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('discards mine and loads theirs on request', async () => {
    const { page, context, errors, post, benTitle, dialog } = await benSavesFirst('load');
    await dialog.getByRole('button', { name: 'Discard mine, load theirs' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => titleField(page).inputValue()).toBe(benTitle);
    await expect(excerptField(page).inputValue()).resolves.toBe('The excerpt both people opened.');
    await expect.poll(() => notice(page).innerText()).toBe(`The form now shows the version ${STAFF2_EMAIL} saved. Your changes were discarded.`);
    // Nothing of Ana's was saved, and she stays in the form, the focus on Save.
    expect((await storedPost(context, post.id)).version).toBe('2');
    expect(page.url()).toBe(`${BASE_URL}/admin/posts/${post.id}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Save changes');

    // Based on their version now: a save goes through.
    await excerptField(page).fill('Ana, second try.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post updated successfully');
    expect(await storedPost(context, post.id)).toMatchObject({ title: benTitle, excerpt: 'Ana, second try.', version: '3' });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('puts my changes on their version (Keep editing first, then Compare), for me to review and save', async () => {
    const { page, context, errors, post, benTitle, anaExcerpt, dialog } = await benSavesFirst('merge');
    // Keep editing: the dialog closes, the form is as Ana left it, a notice offers the comparison again.
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(titleField(page).inputValue()).resolves.toBe(post.title);
    await expect(excerptField(page).inputValue()).resolves.toBe(anaExcerpt);
    await expect.poll(() => notice(page).innerText()).toContain(`${STAFF2_EMAIL} saved a newer version at`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Save changes');

    await notice(page).getByRole('button', { name: 'Compare' }).click();
    await dialog.waitFor();
    await expect(conflictRow(page, 'Excerpt')).resolves.toEqual({ theirs: 'The excerpt both people opened.', yours: anaExcerpt });
    await dialog.getByRole('button', { name: 'Put my changes on their version' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Ben's title (Ana left it alone), Ana's excerpt; not saved until she says so.
    await expect.poll(() => titleField(page).inputValue()).toBe(benTitle);
    await expect(excerptField(page).inputValue()).resolves.toBe(anaExcerpt);
    await expect.poll(() => notice(page).innerText()).toBe(`Your changes are now on the version ${STAFF2_EMAIL} saved. Check the form, then save.`);
    expect((await storedPost(context, post.id)).version).toBe('2');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post updated successfully');
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    expect(await storedPost(context, post.id)).toMatchObject({ title: benTitle, excerpt: anaExcerpt, version: '3' });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('a newer version arriving', () => {
  it('never wipes what was typed: a notice says who saved; an untouched form just shows the newer version', async () => {
    const { page, context, errors } = await pageAs('ana');
    const ben = await pageAs('ben');
    const post = await createPost(context, 'arrives');
    await openEditor(page, post);
    await excerptField(page).fill('Ana is typing this.');

    const benTitle = `Ben saved meanwhile ${RUN}`;
    await benSavesTitle(ben.context, post.id, benTitle);
    // The tab comes back into view: the post is read again (react-query's focusManager listens for visibilitychange).
    const reread = page.waitForResponse((r) => r.url().endsWith(`/api/admin/blog-posts/${post.id}`) && r.request().method() === 'GET');
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await reread;
    await expect.poll(() => notice(page).innerText()).toContain(`${STAFF2_EMAIL} saved a newer version at`);
    await expect(notice(page).innerText()).resolves.toContain('Your changes are still here, not saved yet.');
    await expect(excerptField(page).inputValue()).resolves.toBe('Ana is typing this.');
    await expect(titleField(page).inputValue()).resolves.toBe(post.title);
    // The aside shows the post as stored now.
    await expect.poll(() => page.getByRole('region', { name: 'This post' }).innerText()).toContain(`by ${STAFF2_EMAIL}`);
    // Checked from the top of the page: the notice makes the sticky actions bar taller, and wherever the page
    // happens to be scrolled, what passes under the bar (the editor's toolbar, at times) counts as obscured.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);

    // A second tab with nothing typed simply shows Ben's next version.
    const second = await context.newPage();
    await openEditor(second, { ...post, title: benTitle });
    await benSavesTitle(ben.context, post.id, `${benTitle}, again`);
    await second.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => titleField(second).inputValue()).toBe(`${benTitle}, again`);
    await expect(notice(second).innerText()).resolves.toBe('');
    await second.close();

    // The first tab still has Ana's typing; saving it is refused, not written over Ben's.
    await expect(excerptField(page).inputValue()).resolves.toBe('Ana is typing this.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await conflictDialog(page).waitFor();
    await expect.poll(() => conflictRow(page, 'Title')).toEqual({ theirs: `${benTitle}, again`, yours: `${post.title} You did not change this.` });
    expect(await axeViolations(page)).toEqual([]);
    expect((await storedPost(context, post.id)).excerpt).toBe('The excerpt both people opened.');
    expect(unexpected(errors)).toEqual([]);
    await ben.context.close();
    await context.close();
  });
});

describe('keyboard', () => {
  it('saves with Ctrl+S, from a field and from the body, instead of the browser saving the page', async () => {
    const { page, context, errors } = await pageAs('ana');
    const post = await createPost(context, 'ctrl-s');
    await openEditor(page, post);
    await expect(page.getByRole('button', { name: 'Save changes' }).getAttribute('aria-keyshortcuts')).resolves.toBe('Control+S Meta+S');
    await titleField(page).fill(`Saved with the keyboard ${RUN}`);
    await editor(page).click();
    // ProseMirror puts its own selection back 20 ms after it gains focus (admin-posts.e2e.ts).
    await page.waitForTimeout(50);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Typed, then saved.');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastText(page)).toBe('Success Blog post updated successfully');
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    const stored = await storedPost(context, post.id);
    expect(stored.title).toBe(`Saved with the keyboard ${RUN}`);
    expect(stored.content).toContain('Typed, then saved.');
    expect(stored.version).toBe('2');

    // From a field, with nothing else changed: the same path (checks, save, back to the list).
    await page.goto(`/admin/posts/${post.id}`);
    await editor(page).waitFor();
    await excerptField(page).fill('Saved from the excerpt field.');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastText(page)).toBe('Success Blog post updated successfully');
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    expect(await storedPost(context, post.id)).toMatchObject({ excerpt: 'Saved from the excerpt field.', version: '3' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
