// The Blog Posts and Preview tabs of the staff admin (issue 12, SPEC §2
// "Admin", §4 "Admin post editor", §7, §8) against the whole stack: the
// real content service, the media service on MinIO and the gateway.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, openPage } from './browser';
import { png } from './images';
import { adminPostList, axeViolations, deletePostsOfRun, staffCookies, STAFF_EMAIL, toastText, type Cookies } from './staff';

let browser: Browser;
/** One staff session for the whole file. */
let staffSession: Cookies;
beforeAll(async () => {
  browser = await launch();
  staffSession = await staffCookies(browser);
});
/** Unique per run, so titles and slugs never collide with earlier runs. */
const RUN = Date.now().toString(36);

afterAll(async () => {
  if (browser && staffSession) await deletePostsOfRun(browser, staffSession, RUN);
  await browser?.close();
});

type Post = { id: string; slug: string; title: string; isPublished: boolean; publishedAt: string; content: string };

/** Creates a post through the API, as another staff member would. */
async function createPost(context: BrowserContext, fields: Record<string, unknown>): Promise<Post> {
  const res = await context.request.post(`${BASE_URL}/api/admin/blog-posts`, {
    data: { excerpt: 'An excerpt for the test.', content: '<p>Body of the test post.</p>', ...fields },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Post;
}

/** A page signed in as staff (with the file's session). */
async function staffPage() {
  const opened = await openPage(browser);
  await opened.context.addCookies(staffSession);
  return opened;
}

/** The message under a field, through its aria-describedby (what a screen reader reads). */
async function fieldError(page: Page, label: string): Promise<string> {
  const ids = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"].staff-field__error`).allInnerTexts()));
  return texts.flat().join(' ');
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });

/**
 * Waits until the text has the focus back (after a dialog or menu). ProseMirror
 * puts its own selection back 20 ms after it regains focus, so keys pressed
 * sooner than a person could would be undone; wait that out too.
 */
async function backInTheText(page: Page) {
  await expect.poll(() => editor(page).evaluate((el) => el === document.activeElement)).toBe(true);
  await page.waitForTimeout(50);
}

describe('the post list', () => {
  it('lists drafts and scheduled posts with their status, searches titles and sorts on the server, and passes axe', async () => {
    const { page, context, errors } = await staffPage();
    const draft = await createPost(context, { title: `Draft about grease ${RUN}`, slug: `draft-grease-${RUN}`, isPublished: false });
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const scheduled = await createPost(context, { title: `Scheduled about roots ${RUN}`, slug: `scheduled-roots-${RUN}`, publishedAt: inAMonth });
    // Every list read the page makes, with its search (the server searches; issue 29).
    const reads: URLSearchParams[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/admin/blog-posts') reads.push(url.searchParams);
    });

    await page.goto('/admin/posts');
    const table = page.getByRole('table');
    const row = (title: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await row(draft.title).waitFor();
    await expect(row(draft.title).locator('.admin-status').innerText()).resolves.toBe('Draft');
    await expect(row(scheduled.title).locator('.admin-status').innerText()).resolves.toBe('Scheduled');
    await expect(row(scheduled.title).innerText()).resolves.toContain('Goes live');
    await expect(row('How to Tell If You Have Orangeburg Pipe and What to Do About It').locator('.admin-status').innerText()).resolves.toBe('Published');
    // One page (50) at most; the count is every post's (X-Post-Count).
    const { all } = await adminPostList(context);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^\d+ posts?$/ }).innerText()).toBe(`${all} posts`);
    await expect(table.locator('tbody tr').count()).resolves.toBe(Math.min(all, 50));
    // Newest first: the scheduled post (a month ahead) leads.
    await expect(table.locator('tbody tr').first().innerText()).resolves.toContain(scheduled.title);
    expect(await axeViolations(page)).toEqual([]);

    // Search: only matching titles stay, the count is announced, the query is in the address,
    // and the server is asked once typing pauses, not once per key.
    const search = page.getByRole('searchbox', { name: 'Search by title' });
    const typed = `grease ${RUN}`;
    const before = reads.length;
    await search.pressSequentially(typed);
    await page.waitForURL(/\?q=grease/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Showing' }).innerText()).toBe(`Showing 1 of ${all} posts`);
    const searched = reads.slice(before).map((q) => q.get('query'));
    expect(searched.at(-1)).toBe(typed);
    expect(searched.length, searched.join(' | ')).toBeLessThanOrEqual(2);
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect.poll(() => search.inputValue()).toBe('');
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(Math.min(all, 50));
    await search.fill('no title has this');
    await page.getByText('No post title contains “no title has this”.').waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No posts match' }).innerText()).toBe('No posts match “no title has this”');

    // Sorting, on the server: by date flips to oldest first; by title, A to Z.
    await search.fill(`about ${RUN}`);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await page.getByRole('button', { name: /Publish date/ }).click();
    await page.waitForURL(/sort=oldest/);
    await expect.poll(() => page.getByRole('columnheader', { name: /Publish date/ }).getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => table.locator('tbody tr').last().innerText()).toContain(scheduled.title);
    expect(reads.at(-1)?.get('sort')).toBe('oldest');
    await page.getByRole('button', { name: /^Title/ }).click();
    await page.waitForURL(/sort=title/);
    await expect.poll(() => page.getByRole('columnheader', { name: /^Title/ }).getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => table.locator('tbody tr .posts-table__title').allInnerTexts()).toEqual([draft.title, scheduled.title]);
    expect(reads.at(-1)?.get('sort')).toBe('title');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows more posts a page at a time: by keyboard, focus on the first new post, the count announced', async () => {
    const { page, context, errors } = await staffPage();
    // 53 drafts with a word of their own: one page of 50 and three more.
    const word = `pagingtest${RUN}`;
    const titles = Array.from({ length: 53 }, (_, i) => `Paging ${word} ${String(i + 1).padStart(2, '0')}`);
    for (let i = 0; i < titles.length; i += 10) {
      await Promise.all(titles.slice(i, i + 10).map((title, j) => createPost(context, { title, slug: `paging-${RUN}-${i + j + 1}`, isPublished: false })));
    }
    const { all } = await adminPostList(context);

    await page.goto(`/admin/posts?q=${word}&sort=title`);
    const rows = page.locator('#posts-table tbody tr');
    const titleLinks = page.locator('#posts-table tbody .posts-table__title');
    await expect.poll(() => rows.count()).toBe(50);
    await expect(titleLinks.first().innerText()).resolves.toBe(titles[0]);
    await expect(titleLinks.last().innerText()).resolves.toBe(titles[49]);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Showing' }).innerText()).toBe(`Showing 53 of ${all} posts`);
    const listed = page.getByRole('status').filter({ hasText: 'listed' });
    await expect(listed.innerText()).resolves.toBe('50 of 53 posts listed');
    const more = page.getByRole('button', { name: 'Show more posts' });
    // The button says what it adds to (aria-describedby: the listed count).
    await expect(more.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).resolves.toBe('50 of 53 posts listed');
    expect(await axeViolations(page)).toEqual([]);

    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(53);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(titles[50]);
    await expect(titleLinks.allInnerTexts()).resolves.toEqual(titles);
    await expect.poll(() => listed.innerText()).toBe('All 53 posts listed');
    await expect(more.count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The list holds no bodies: the editor reads the post itself, and shows
    // nothing of it until that answer is in (never a form filled from the list).
    const opened = (await adminPostList(context, { query: titles[50] })).posts[0]!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/admin/blog-posts/${opened.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${BASE_URL}/admin/posts/${opened.id}`);
    await page.getByRole('status').filter({ hasText: 'Loading the post…' }).waitFor();
    await expect(page.getByLabel('Title', { exact: true }).count()).resolves.toBe(0);
    release();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(titles[50]);
    await expect.poll(() => editor(page).innerText()).toBe('Body of the test post.');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('creating a post', () => {
  it('writes a post in the editor (heading, bold, list, table, image), creates it and publishes it', async () => {
    const { page, context, errors } = await staffPage();
    await page.goto('/admin/posts');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.waitForURL(`${BASE_URL}/admin/posts/new`);
    await editor(page).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const title = `Lining a Cast Iron Drain ${RUN}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    // The slug follows the title until it is edited.
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe(`lining-a-cast-iron-drain-${RUN}`);
    await page.getByLabel('Excerpt').fill('What lining a cast iron drain involves, step by step.');
    await expect(page.getByLabel('Published').isChecked()).resolves.toBe(true);

    // The toolbar: one tab stop, arrow keys move, toggles report aria-pressed.
    const toolbar = page.getByRole('toolbar', { name: 'Text formatting' });
    await expect(toolbar.getAttribute('aria-controls')).resolves.toBe(await editor(page).getAttribute('id'));
    await editor(page).click();
    await page.keyboard.press('Alt+F10');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Undo');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('H2');
    await page.keyboard.press('Enter');
    await expect(toolbar.getByRole('button', { name: 'H2' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await backInTheText(page);
    await page.keyboard.type('Why lining works');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Cast iron rusts from the inside. ');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await expect(toolbar.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.keyboard.type('A liner stops it.');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('No digging');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Done in a day');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    await toolbar.getByRole('button', { name: 'Table' }).click();
    await page.getByRole('menuitem', { name: 'Insert table' }).click();
    await backInTheText(page);
    await page.keyboard.type('Pipe');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Life');
    // Three columns were inserted: the third goes.
    await page.keyboard.press('Tab');
    await toolbar.getByRole('button', { name: 'Table' }).click();
    await page.getByRole('menuitem', { name: 'Delete column' }).click();
    await backInTheText(page);
    await expect(editor(page).locator('table tr').first().locator('th').count()).resolves.toBe(2);

    // An image uploaded from the editor: alt text, progress, the media service's address.
    await page.keyboard.press('Control+End');
    await toolbar.getByRole('button', { name: 'Insert image' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Insert image' });
    await imageDialog.getByLabel('Image file').setInputFiles({ name: 'liner.png', mimeType: 'image/png', buffer: png(64, 48) });
    await imageDialog.getByLabel('Alternative text').fill('A cured liner inside a cast iron pipe');
    await imageDialog.getByRole('button', { name: 'Upload and insert' }).click();
    const bodyImage = editor(page).locator('img[alt="A cured liner inside a cast iron pipe"]');
    await bodyImage.waitFor();
    await expect(bodyImage.getAttribute('src')).resolves.toMatch(/^\/media\/[0-9a-f]{64}\.png\?w=1600$/);
    await backInTheText(page);

    // Typing goes on below the new image (it does not replace it): a link on
    // selected words, through the link dialog (a script address is refused there).
    await page.keyboard.type('Call us today');
    await page.keyboard.press('Shift+Home');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Add link' });
    await linkDialog.getByLabel('Link address').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Add link' }).click();
    await linkDialog.getByText('Enter a page of this site (/contact)', { exact: false }).waitFor();
    await expect(linkDialog.getByLabel('Link address').getAttribute('aria-invalid')).resolves.toBe('true');
    await linkDialog.getByLabel('Link address').fill('/contact');
    await linkDialog.getByRole('button', { name: 'Add link' }).click();
    await backInTheText(page);
    await expect(editor(page).locator('a[href="/contact"]').innerText()).resolves.toBe('Call us today');
    await expect(editor(page).locator('img + p a[href="/contact"]').count()).resolves.toBe(1);
    await expect(toolbar.getByRole('button', { name: 'Link' }).getAttribute('aria-pressed')).resolves.toBe('true');

    // The hero image, uploaded with the field's own button.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload image…' }).click();
    await (await chooser).setFiles({ name: 'hero.png', mimeType: 'image/png', buffer: png(120, 63) });
    await expect.poll(() => page.getByLabel('Image URL').inputValue()).toMatch(/^\/media\/[0-9a-f]{64}\.png\?w=1600$/);
    await expect(page.locator('.post-image__thumb').getAttribute('src')).resolves.toMatch(/^\/media\//);

    await page.getByRole('button', { name: 'Create post' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post created successfully');
    // Create mode is left: back at the list, with the new post in it.
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    await page.getByRole('link', { name: title, exact: true }).waitFor();

    // Public at /blog/{slug}, as written.
    await page.goto(`/blog/lining-a-cast-iron-drain-${RUN}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const body = page.locator('.article__body');
    await expect(body.locator('h2').innerText()).resolves.toBe('Why lining works');
    await expect(body.locator('strong').innerText()).resolves.toBe('A liner stops it.');
    await expect(body.locator('ul li').allInnerTexts()).resolves.toEqual(['No digging', 'Done in a day']);
    await expect(body.locator('a[href="/contact"]').innerText()).resolves.toBe('Call us today');
    await expect(body.locator('.article__table table th').allInnerTexts()).resolves.toEqual(['Pipe', 'Life']);
    await expect(body.locator('img').getAttribute('alt')).resolves.toBe('A cured liner inside a cast iron pipe');
    // Sized from the media library and lazy (ADR 0003): it loads when scrolled to.
    const img = body.locator('img');
    await expect(img.evaluate((i: HTMLImageElement) => [i.getAttribute('width'), i.getAttribute('height'), i.loading])).resolves.toEqual(['64', '48', 'lazy']);
    await img.scrollIntoViewIfNeeded();
    // (naturalWidth is scaled by the srcset's density, so ask that it loaded from the library.)
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0 && /\/media\/[0-9a-f]{64}\.png/.test(i.currentSrc))).toBe(true);
    await expect(page.locator('img.article__hero').getAttribute('src')).resolves.toMatch(/^\/media\//);
    await expect(page.locator('.article__badge').innerText()).resolves.toBe('Prevention');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inserts the default image when an upload is refused, and says why (SPEC §7)', async () => {
    const { page, context } = await staffPage();
    await page.goto('/admin/posts/new');
    await editor(page).click();
    await page.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Insert image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await dialog.getByLabel('Image file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await dialog.getByLabel('Alternative text').fill('Liner diagram');
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    await expect
      .poll(() => toastText(page))
      .toBe('Image upload failed Only JPEG, PNG, WebP and GIF images can be uploaded. The default image was inserted in its place.');
    await expect(editor(page).locator('img').getAttribute('src')).resolves.toBe('/images/article-default.svg');
    await expect(editor(page).locator('img').getAttribute('alt')).resolves.toBe('Liner diagram');
    await context.close();
  });

  it('refuses an empty title at its field and saves nothing', async () => {
    const { page, context } = await staffPage();
    const before = (await adminPostList(context)).all;
    const writes: string[] = [];
    page.on('request', (r) => r.method() !== 'GET' && r.url().includes('/api/admin/blog-posts') && writes.push(r.url()));
    await page.goto('/admin/posts/new');
    await editor(page).waitFor();
    await page.getByLabel('Slug').fill(`no-title-${RUN}`);
    await page.getByLabel('Excerpt').fill('Has everything but a title.');
    await editor(page).click();
    await page.keyboard.type('Some words.');
    await page.getByRole('button', { name: 'Create post' }).click();
    await expect.poll(() => fieldError(page, 'Title')).toBe('Title is required');
    await expect(page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('title');
    expect(await axeViolations(page)).toEqual([]);
    expect(writes).toEqual([]);
    expect((await adminPostList(context)).all).toBe(before);
    await context.close();
  });

  it('says at the slug field when another post has the slug: as typed, and when the server finds it', async () => {
    const { page, context } = await staffPage();
    await page.goto('/admin/posts/new');
    await editor(page).waitFor();
    // A slug the list knows: said while typing.
    await page.getByLabel('Slug').fill('orangeburg-pipe-guide');
    await expect
      .poll(() => fieldError(page, 'Slug'))
      .toBe('A post with the slug "orangeburg-pipe-guide" already exists. Choose another slug.');

    // A slug taken after the list was loaded: the server's 409 lands at the field too.
    const taken = await createPost(context, { title: `Taken meanwhile ${RUN}`, slug: `taken-meanwhile-${RUN}` });
    await page.getByLabel('Title', { exact: true }).fill('A post whose slug was just taken');
    await page.getByLabel('Slug').fill(taken.slug);
    await page.getByLabel('Excerpt').fill('Excerpt.');
    await editor(page).click();
    await page.keyboard.type('Body.');
    await page.getByRole('button', { name: 'Create post' }).click();
    const message = `A post with the slug "${taken.slug}" already exists. Choose another slug.`;
    await expect.poll(() => toastText(page)).toBe(`Error ${message}`);
    await expect.poll(() => fieldError(page, 'Slug')).toBe(message);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('slug');
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('A post whose slug was just taken');
    expect(page.url()).toBe(`${BASE_URL}/admin/posts/new`);
    await context.close();
  });
});

describe('editing a post', () => {
  it('updates it, keeps the old version as a revision, and restores it', async () => {
    const { page, context, errors } = await staffPage();
    const post = await createPost(context, { title: `Root intrusion basics ${RUN}`, slug: `root-intrusion-${RUN}`, content: '## Roots\n\nThey find **every** crack.' });
    await page.goto(`/admin/posts/${post.id}`);
    await page.getByRole('heading', { name: 'Edit post' }).waitFor();
    // The light-markdown body is edited as the HTML visitors see.
    await expect(editor(page).locator('h2').innerText()).resolves.toBe('Roots');
    await expect(editor(page).locator('strong').innerText()).resolves.toBe('every');
    await page.getByRole('region', { name: 'Revisions' }).getByText('No earlier versions yet.', { exact: false }).waitFor();

    const newTitle = `Root intrusion, revised ${RUN}`;
    await page.getByLabel('Title', { exact: true }).fill(newTitle);
    // An existing post's slug does not follow its title.
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe(post.slug);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post updated successfully');
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    await page.getByRole('link', { name: newTitle, exact: true }).click();

    const revisions = page.getByRole('region', { name: 'Revisions' });
    const item = revisions.getByRole('listitem');
    await expect.poll(() => item.count()).toBe(1);
    await expect(item.innerText()).resolves.toContain(post.title);
    await expect(item.innerText()).resolves.toContain(`by ${STAFF_EMAIL}`);

    // View: the earlier version as the article page showed it.
    await item.getByRole('button', { name: /^View/ }).click();
    const view = page.getByRole('dialog', { name: 'Earlier version' });
    await view.getByRole('heading', { level: 1, name: post.title }).waitFor();
    await expect(view.locator('.article__body h2').innerText()).resolves.toBe('Roots');
    await view.getByRole('button', { name: 'Close preview' }).click();

    // Restore, after confirming.
    await item.getByRole('button', { name: /^Restore/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await confirm.getByRole('button', { name: 'Restore version' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Revision restored successfully');
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(post.title);
    await expect.poll(() => item.count()).toBe(2);
    const stored = await (await context.request.get(`${BASE_URL}/api/admin/blog-posts/${post.id}`)).json();
    expect(stored.title).toBe(post.title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes a post only after confirmation, from the list or its form', async () => {
    const { page, context, errors } = await staffPage();
    const post = await createPost(context, { title: `Delete me ${RUN}`, slug: `delete-me-${RUN}` });
    await page.goto('/admin/posts');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: post.title, exact: true }) });
    await row.getByRole('button', { name: `Delete “${post.title}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(dialog.innerText()).resolves.toContain(`“${post.title}” and all its revisions will be deleted.`);
    // The safe answer has the focus.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.count()).resolves.toBe(1);
    expect((await context.request.get(`${BASE_URL}/api/admin/blog-posts/${post.id}`)).status()).toBe(200);

    await row.getByRole('button', { name: `Delete “${post.title}”` }).click();
    await dialog.getByRole('button', { name: 'Delete post' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post deleted successfully');
    await expect.poll(() => row.count()).toBe(0);
    expect((await context.request.get(`${BASE_URL}/api/admin/blog-posts/${post.id}`)).status()).toBe(404);
    expect((await context.request.get(`${BASE_URL}/api/blog-posts/${post.slug}`)).status()).toBe(404);

    // From the post's own form: back to the list once it is gone.
    const other = await createPost(context, { title: `Delete me too ${RUN}`, slug: `delete-me-too-${RUN}` });
    await page.goto(`/admin/posts/${other.id}`);
    await editor(page).waitFor();
    await page.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete post' }).click();
    await page.waitForURL(`${BASE_URL}/admin/posts`);
    await expect.poll(() => toastText(page)).toBe('Success Blog post deleted successfully');
    await expect.poll(() => page.getByRole('link', { name: other.title, exact: true }).count()).toBe(0);
    expect((await context.request.get(`${BASE_URL}/api/admin/blog-posts/${other.id}`)).status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before unsaved changes are lost: tab links, Cancel, and closing the tab', async () => {
    const { page, context } = await staffPage();
    await page.goto('/admin/posts/new');
    await editor(page).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Half-written thoughts');

    await page.getByRole('navigation', { name: 'Content manager sections' }).getByRole('link', { name: 'Site Content' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toBe(`${BASE_URL}/admin/posts/new`);
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Half-written thoughts');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await leave.getByRole('button', { name: 'Leave and discard changes' }).click();
    await page.waitForURL(`${BASE_URL}/admin/posts`);

    // Closing or reloading the tab gets the browser's own question.
    await page.goto('/admin/posts/new');
    await editor(page).waitFor();
    // A click first: browsers ask before unloading only a page the person has interacted with.
    await page.getByLabel('Title', { exact: true }).click();
    await page.keyboard.type('More unsaved thoughts');
    // Accepted (leave), so the page really closes: closing the context with a
    // page kept open by a dismissed beforeunload has crashed headless Chromium.
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => void d.accept().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    await expect(dialog).resolves.toBe('beforeunload');
    await closed;
    await context.close();
  });

  it('keeps the form when the session expires mid-edit, says so, and saves nothing', async () => {
    const { page, context } = await staffPage();
    const post = await createPost(context, { title: `Session test ${RUN}`, slug: `session-test-${RUN}` });
    await page.goto(`/admin/posts/${post.id}`);
    await editor(page).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Typed before the session ran out');
    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' And a new sentence.');

    await context.clearCookies();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toBe('Error Please sign in.');
    await expect(page.getByRole('alert').filter({ hasText: 'Your session has expired.' }).innerText()).resolves.toContain('Nothing was saved.');
    expect(page.url()).toBe(`${BASE_URL}/admin/posts/${post.id}`);
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Typed before the session ran out');
    await expect(editor(page).innerText()).resolves.toContain('And a new sentence.');

    // Nothing was saved. Signed in again (the session's cookie back), the same form saves.
    await context.addCookies(staffSession);
    const stored = await (await context.request.get(`${BASE_URL}/api/admin/blog-posts/${post.id}`)).json();
    expect(stored.title).toBe(post.title);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toBe('Success Blog post updated successfully');
    await context.close();
  });
});

describe('previews', () => {
  it('shows the unsaved form as the article page would', async () => {
    const { page, context } = await staffPage();
    await page.goto('/admin/posts/new');
    await editor(page).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('CIPP in the monsoon');
    await page.getByLabel('Excerpt').fill('Lining before the storms.');
    await editor(page).click();
    await page.keyboard.type('Storm water finds every crack.');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview of your unsaved changes' });
    await dialog.getByRole('heading', { level: 1, name: 'CIPP in the monsoon' }).waitFor();
    // The site's own article: badge from the title's keywords, read time, default image, calls to action.
    await expect(dialog.locator('article.article .article__badge').innerText()).resolves.toBe('Technology');
    await expect(dialog.getByText('1 min read').count()).resolves.toBeGreaterThan(0);
    await expect(dialog.locator('img.article__hero').getAttribute('src')).resolves.toBe('/images/article-default.svg');
    await expect(dialog.locator('.article__body').innerText()).resolves.toBe('Storm water finds every crack.');
    await expect(dialog.getByRole('link', { name: 'Schedule a Free Consultation' }).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('CIPP in the monsoon');
    await context.close();
  });

  it('shows a draft in the Preview tab with the public article layout, by deep link and by choosing it', async () => {
    const { page, context, errors } = await staffPage();
    const draft = await createPost(context, {
      title: `Clay pipe draft ${RUN}`,
      slug: `clay-pipe-draft-${RUN}`,
      isPublished: false,
      content: '## Clay\n\n| Era | Risk |\n|---|---|\n| 1950 | High |',
    });
    // Visitors cannot see it.
    expect((await context.request.get(`${BASE_URL}/api/blog-posts/${draft.slug}`)).status()).toBe(404);

    await page.goto(`/admin/preview/${draft.id}`);
    const article = page.locator('article.article');
    await article.getByRole('heading', { level: 1, name: draft.title }).waitFor();
    await expect(article.locator('.article__badge').innerText()).resolves.toBe('Pipe Types');
    await expect(article.locator('.article__body h2').innerText()).resolves.toBe('Clay');
    await expect(article.locator('.article__table th').allInnerTexts()).resolves.toEqual(['Era', 'Risk']);
    await expect(article.locator('footer.article__footer dt').allInnerTexts()).resolves.toEqual(['Published', 'Reading time', 'Category']);
    await expect(page.locator('.admin-preview__status').innerText()).resolves.toContain('A draft: visitors cannot see it.');
    await expect(page.getByLabel('Post to preview').inputValue()).resolves.toBe(draft.id);
    expect(await axeViolations(page)).toEqual([]);

    // Finding another post by its title (the server searches; the picker holds
    // a page at a time) and choosing it changes the address (deep link, back and forward).
    const seed = (await adminPostList(context, { query: 'Orangeburg' })).posts.find((p) => p.slug === 'orangeburg-pipe-guide')!;
    await page.getByLabel('Find a post by title').fill('orangeburg');
    const picker = page.getByLabel('Post to preview');
    await expect.poll(() => picker.locator('option').allInnerTexts()).toEqual(['Choose a post…', `${draft.title} — Draft`, `${seed.title} — Published`]);
    // The post shown stays chosen while the search does not hold it.
    await expect(picker.inputValue()).resolves.toBe(draft.id);
    await picker.selectOption(seed.id);
    await page.waitForURL(`${BASE_URL}/admin/preview/${seed.id}`);
    await article.getByRole('heading', { level: 1, name: seed.title }).waitFor();
    await page.goBack();
    await article.getByRole('heading', { level: 1, name: draft.title }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
