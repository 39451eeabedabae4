// Issue 16: an intake that never turns a homeowner away. The 'Other nearby
// city' box on both forms, and a submit that fails on the network: what was
// typed stays, the phone and the pre-filled e-mail are offered, and pressing
// the button again re-sends under the same idempotency key (one lead).
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';
import { axeViolations, signInAsStaff, STAFF_EMAIL, STAFF_PASSWORD } from './staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Lead = Record<string, unknown>;

/** Every lead staff see with this e-mail. */
async function leadsOf(api: APIRequestContext, email: string): Promise<Lead[]> {
  const login = await api.post('/api/login', { data: { username: STAFF_EMAIL, password: STAFF_PASSWORD } });
  expect(login.status()).toBe(200);
  const inbox = (await (await api.get('/api/contact-submissions?pageSize=200')).json()) as { submissions: Lead[] };
  return inbox.submissions.filter((s) => s.email === email);
}

async function fillContactDetails(page: Page, scope: string, email: string) {
  const form = page.locator(scope);
  await form.getByLabel('First name').fill('Rosa');
  await form.getByLabel('Last name').fill('Delgado');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('(480) 555-0123');
}

describe("'Other nearby city'", () => {
  it('shows a labelled box on the /contact form and sends the town typed there', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/contact');
    const form = page.locator('#contact form');
    const other = form.getByLabel('Your city or town');
    await expect(other.count()).resolves.toBe(0);
    await fillContactDetails(page, '#contact form', 'rosa.cave-creek@example.com');
    await form.getByLabel('City', { exact: true }).selectOption({ label: 'Other nearby city' });
    await other.waitFor();
    await other.fill('Cave Creek');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('Describe your drain issue').fill('Roots in the sewer line, the yard cleanout overflows.');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Schedule Free Inspection' }).click();
    expect(((await posted).postDataJSON() as Lead).city).toBe('Cave Creek');
    await page.getByText('Inspection Scheduled!').first().waitFor();
    expect(await leadsOf(context.request, 'rosa.cave-creek@example.com')).toEqual([
      expect.objectContaining({ city: 'Cave Creek', formVariant: 'contact' }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is on the home form too, and the box goes when a listed city is chosen', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const form = page.locator('#contact form');
    // A person points at the form before choosing (selectOption does not):
    // that loads the form's code (an island, ADR 0001).
    await form.hover();
    await page.locator('#contact [data-island="hydrated"]').waitFor();
    const city = form.getByLabel('City', { exact: true });
    await city.selectOption({ label: 'Other nearby city' });
    const other = form.getByLabel('Your city or town');
    await other.waitFor();
    await city.selectOption({ label: 'Tempe' });
    await other.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('a submit that fails on the network', () => {
  it('keeps what was typed, offers the phone and the e-mail, and the second press stores one lead', async () => {
    const { page, context } = await openPage(browser);
    const email = 'rosa.retry@example.com';
    const keys: string[] = [];
    let first = true;
    // The first request reaches the server (the lead is stored) but its
    // answer is lost, as on a dropped mobile connection.
    await page.route('**/api/contact', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (first) {
        first = false;
        await route.fetch();
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    await page.goto('/');
    const form = page.locator('#contact form');
    await fillContactDetails(page, '#contact form', email);
    await form.getByLabel('Gurgling sounds').check();
    await form.getByLabel('Describe the problem').fill('Toilet gurgles when the washer drains.');
    await form.getByRole('button', { name: 'Get My Free Assessment' }).click();

    const notice = form.locator('.lead-form__undelivered[role="alert"]');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain("We couldn't send your request just now.");
    await expect(notice.getByRole('link', { name: /^Call / }).getAttribute('href')).resolves.toMatch(/^tel:/);
    const mailto = (await notice.getByRole('link', { name: 'Email us this request' }).getAttribute('href')) ?? '';
    expect(mailto).toMatch(/^mailto:service@valleytrenchless\.example\?subject=Drain%20Assessment%20Request%20-%20Rosa%20Delgado/);
    expect(decodeURIComponent(mailto)).toContain('Toilet gurgles when the washer drains.');
    await expect(form.getByLabel('First name').inputValue()).resolves.toBe('Rosa');
    await expect(form.getByLabel('Describe the problem').inputValue()).resolves.toBe('Toilet gurgles when the washer drains.');
    await expect(form.getByLabel('Gurgling sounds').isChecked()).resolves.toBe(true);

    await form.getByRole('button', { name: 'Get My Free Assessment' }).click();
    await page.getByText('Form submitted successfully!').first().waitFor();
    await notice.waitFor({ state: 'detached' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await leadsOf(context.request, email)).toHaveLength(1);
    await context.close();
  });
});

describe('what staff see of answers the forms do not list', () => {
  it('shows a typed town, home age, issue and timeline as the visitor gave them', async () => {
    const { page, context } = await openPage(browser);
    const email = 'rosa.as-given@example.com';
    // SPEC §7's home payload, without a form variant, as another client might send it.
    const res = await context.request.post('/api/contact', {
      data: {
        firstName: 'Rosa', lastName: 'Given', email, phone: '(480) 555-0177', address: '', city: 'Cave Creek',
        homeAge: '1950s', issues: ['Tree roots in the yard', 'Gurgling sounds'], description: '', urgency: 'before the holidays',
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await signInAsStaff(context);
    await page.goto(`/admin/leads/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Rosa Given' }).waitFor();
    const facts = await page.locator('.lead-fact').evaluateAll((els) =>
      Object.fromEntries(
        els.map((el) => [el.querySelector('dt')!.textContent!.trim(), (el.querySelector('dd') as HTMLElement).innerText.trim()]),
      ),
    );
    expect(facts).toMatchObject({
      City: 'Cave Creek',
      'Home built': '1950s',
      Issues: expect.stringMatching(/^Tree roots in the yard\s+Gurgling sounds$/),
      Urgency: 'before the holidays',
      Form: 'Inspection form (home, city or service page)',
    });
    await context.close();
  });
});
