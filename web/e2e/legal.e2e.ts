// The legal pages (/privacy, /terms; SPEC §2, linked from the footer): served
// prerendered with their wording in the first HTML, reachable from the
// footer, WCAG 2.2 AA clean, and staff-editable in place like every other
// editable text (ADR 0003), against the whole stack.
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, fetchHtml, launch, openPage } from './browser';
import { axeViolations, signInAsStaff, toastText } from './staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The served HTML's text, tags dropped and the few entities React writes decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const PAGES = {
  '/privacy': {
    title: 'Privacy Policy',
    statements: [
      'a salted hash of your IP address',
      'Your IP address itself is never stored.',
      'utm_source, utm_medium, utm_campaign or a Google Ads click ID',
      'a copy is e-mailed to our office',
      'it is not deleted automatically',
      'Visitors get no cookies from this site unless they choose a language',
      'A session ends after 8 hours without activity or 7 days after sign-in',
      'www.youtube-nocookie.com',
      'tile.openstreetmap.org',
      'ask us to delete it',
    ],
  },
  '/terms': {
    title: 'Terms of Service',
    statements: [
      'binding only when we give it to you as a written estimate',
      'We give a lifetime warranty on lining installs.',
      'set out in writing in your estimate and contract',
      'the laws of the State of Arizona',
    ],
  },
} as const;

describe('legal pages', () => {
  it('serve their heading, date, wording and contact details in the first HTML, with their own head tags', async () => {
    for (const [path, { title, statements }] of Object.entries(PAGES)) {
      const { status, html } = await fetchHtml(path);
      expect(status, path).toBe(200);
      const name = path.slice(1);
      expect(html).toContain(`<h1 id="legal-${name}-heading" data-ec="legal.${name}.title">${title}</h1>`);
      expect(html).toMatch(new RegExp(`Last updated <span data-ec="legal\\.${name}\\.updated">[A-Z][a-z]+ \\d{1,2}, \\d{4}</span>`));
      expect(html).toContain(`<title>${title} | Valley Trenchless Pros</title>`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path}"`));
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      // The page itself, without the data block (which holds the items as stored, placeholders and all).
      const page = html.replace(/<script type="application\/json" id="editable-content">[^<]*<\/script>/, '');
      const text = textOf(page);
      for (const s of statements) expect(text, `${path}: ${s}`).toContain(s);
      // Placeholders filled from the business settings, links included.
      expect(page).not.toMatch(/\{(company|area|phone|tel|email)\}/);
      expect(text).toContain('Valley Trenchless Pros, serving the Greater Phoenix Valley, Arizona.');
      expect(html).toContain('<a href="tel:+16025550142">(602) 555-0142</a>');
      expect(html).toContain('<a href="mailto:service@valleytrenchless.example">service@valleytrenchless.example</a>');
      // The edge served the current items with the page (ADR 0003).
      expect(html).toMatch(new RegExp(`<script type="application/json" id="editable-content">[^<]*legal\\.${name}\\.body`));
    }
    const sitemap = (await fetchHtml('/sitemap.xml')).html;
    expect(sitemap).toMatch(/<loc>[^<]+\/privacy<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/terms<\/loc>/);
  });

  it('are reached from the footer, hydrate cleanly, have no WCAG 2.2 AA violations, and set no cookie for a visitor', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    for (const [path, { title }] of Object.entries(PAGES)) {
      await page.locator('footer').getByRole('link', { name: title }).click();
      await page.waitForURL(`${BASE_URL}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expect(page.locator('.legal__body h2').count()).resolves.toBeGreaterThan(5);
      // A fresh load of the page too: the prerendered HTML hydrates without a mismatch.
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      await expect(axeViolations(page)).resolves.toEqual([]);
    }
    // The /sitemap page lists both.
    await page.goto('/sitemap');
    await expect(page.locator('main').getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).resolves.toBe('/privacy');
    await expect(page.locator('main').getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).resolves.toBe('/terms');
    // What the privacy policy says: visitors get no cookies.
    await expect(context.cookies()).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets staff edit the privacy policy in place; the edit is in the served HTML within 3 s', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInAsStaff(context);
    const items = (await (await page.request.get(`${BASE_URL}/api/editable-content`)).json()) as { contentKey: string; content: string }[];
    const original = items.find((i) => i.contentKey === 'legal.privacy.body')?.content ?? '';
    expect(original).toContain('{company}');
    const puts: string[] = [];
    page.on('request', (r: Request) => {
      if (r.method() === 'PUT' && r.url().includes('/api/admin/editable-content/')) puts.push(r.url());
    });
    try {
      await page.goto('/privacy');
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Control+Alt+KeyE');
      await page.getByRole('complementary', { name: 'Edit mode' }).waitFor();
      const body = page.locator('[data-ec="legal.privacy.body"]');
      await body.hover();
      const button = page.getByRole('button', { name: /^Edit legal\.privacy\.body/ });
      await button.click();
      const editor = page.getByRole('textbox', { name: /legal\.privacy\.body/ });
      await editor.waitFor();
      // The editor holds the stored wording, placeholders unfilled, headings and lists intact.
      await expect(editor.textContent()).resolves.toContain('{company} runs this website');
      await expect(editor.locator('h2').count()).resolves.toBe(await page.locator('.legal__body h2').count());
      await expect(editor.locator('li').count()).resolves.toBe(4);
      // Saved unchanged: nothing is sent.
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(editor.count()).resolves.toBe(0);
      expect(puts).toEqual([]);
      // A real edit: appended to the last paragraph, shown in place, stored sanitised.
      await button.click();
      await editor.waitFor();
      await editor.click();
      await page.keyboard.press('Control+End');
      const added = `Edited by the browser test ${Date.now()}.`;
      await page.keyboard.type(` ${added}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toastText(page)).toContain('Content updated successfully');
      expect(puts).toHaveLength(1);
      await expect(body.textContent()).resolves.toContain(added);
      // A new visitor's first HTML has it within 3 s, placeholders still filled.
      const start = Date.now();
      await expect
        .poll(async () => (await fetchHtml('/privacy')).html.includes(added), { timeout: 3000, interval: 100 })
        .toBe(true);
      expect(Date.now() - start).toBeLessThan(3000);
      const { html } = await fetchHtml('/privacy');
      expect(html).toContain('<a href="tel:+16025550142">(602) 555-0142</a>');
      expect(html).toContain('Valley Trenchless Pros runs this website');
      // The policy's long body travels only with its own page: the home
      // page's data block leaves it out, hydrating fetches nothing, and a
      // client-side navigation to the policy fetches the list once and
      // shows the edit, not the built-in text.
      expect((await fetchHtml('/')).html).not.toContain('"legal.privacy.body"');
      const visitor = await openPage(browser);
      const lists: string[] = [];
      visitor.page.on('request', (r: Request) => {
        if (new URL(r.url()).pathname === '/api/editable-content') lists.push(r.url());
      });
      await visitor.page.goto('/');
      await visitor.page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      await visitor.page.waitForLoadState('networkidle');
      expect(lists).toEqual([]);
      await visitor.page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
      await visitor.page.waitForURL(`${BASE_URL}/privacy`);
      await expect
        .poll(() => visitor.page.locator('[data-ec="legal.privacy.body"]').textContent())
        .toContain(added);
      expect(lists).toHaveLength(1);
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
      expect(errors).toEqual([]);
    } finally {
      const res = await page.request.put(`${BASE_URL}/api/admin/editable-content/legal.privacy.body`, {
        data: { content: original },
        headers: { Origin: BASE_URL },
      });
      expect(res.status()).toBe(200);
      await context.close();
    }
  });
});
