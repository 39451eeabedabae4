import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdCode, launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The contact section at the end of the home page. */
function homeForm(page: Page) {
  return page.locator('#contact form');
}

async function alerts(page: Page, scope: string) {
  return page.locator(`${scope} [role="alert"]`).allTextContents();
}

/**
 * The messages after a submit. The first submit may come before the page
 * or the form's code is there (it is an island, ADR 0001): it is held and
 * submitted again once hydrated, so wait for the messages to appear.
 */
async function alertsAfterSubmit(page: Page, scope: string) {
  await page.locator(`${scope} [role="alert"]`).first().waitFor();
  return alerts(page, scope);
}

describe('the shared lead form (home, city and service pages)', () => {
  it('holds a submit made before the page has hydrated, and sends it once it has', async () => {
    const { page, context, errors } = await openPage(browser);
    // The home page's own code is what hydration waits for (loadMatchedRoutes).
    const release = await holdCode(page, 'home');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const form = homeForm(page);
    await form.getByLabel('First name').fill('Early');
    await form.getByRole('button', { name: 'Get My Free Assessment' }).click();
    // Not the browser's own submission: no reload with the details in the address bar.
    await page.waitForTimeout(300);
    expect(page.url()).not.toContain('firstName=');
    await expect(page.locator('html[data-hydrated]').count()).resolves.toBe(0);
    await expect(form.getByLabel('First name').inputValue()).resolves.toBe('Early');
    release();
    const msgs = await alertsAfterSubmit(page, '#contact form');
    expect(msgs.join(' | ')).toContain('Last name is required');
    expect(msgs.join(' | ')).not.toContain('First name is required');
    expect(page.url()).not.toContain('firstName=');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every validation message and submits a lead the API then has', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/?utm_source=google&utm_medium=cpc&utm_campaign=fall-sewer&gclid=e2e123');
    const form = homeForm(page);
    await form.getByRole('button', { name: 'Get My Free Assessment' }).click();
    const msgs = await alertsAfterSubmit(page, '#contact form');
    expect(page.url()).not.toContain('firstName=');
    for (const want of ['First name is required', 'Last name is required', 'Valid email is required', 'Phone number is required',
      'Please select at least one issue']) {
      expect(msgs.join(' | ')).toContain(want);
    }
    // Ticking an issue re-validates at once.
    await form.getByLabel('Gurgling sounds').check();
    await expect.poll(async () => (await alerts(page, '#contact form')).join(' | ')).not.toContain('Please select at least one issue');

    await form.getByLabel('First name').fill('Maria');
    await form.getByLabel('Last name').fill('Lopez');
    await form.getByLabel('Email').fill('maria.e2e@example.com');
    await form.getByLabel('Phone').fill('(602) 555-0142');
    await form.getByLabel('City').selectOption('mesa');
    await form.getByLabel('Describe the problem').fill('Kitchen sink gurgles after every load.');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Get My Free Assessment' }).click();
    const req = await posted;
    const body = req.postDataJSON() as Record<string, unknown>;
    expect(body.formVariant).toBe('home');
    expect(body.sourcePage).toBe('/');
    expect(body.issues).toEqual(['gurgling']);
    expect(body.attribution).toMatchObject({ utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'fall-sewer', gclid: 'e2e123' });
    expect(req.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText('Form submitted successfully!').first().waitFor();
    await page.getByText("We'll contact you within 24 hours to schedule your free assessment.").first().waitFor();
    await expect(form.getByLabel('First name').inputValue()).resolves.toBe('');
    await expect(form.getByLabel('Gurgling sounds').isChecked()).resolves.toBe(false);
    expect(errors).toEqual([]);

    // Staff see the lead in the inbox, with what the form sent.
    const api = context.request;
    const login = await api.post('/api/login', {
      data: { username: process.env.E2E_STAFF_EMAIL, password: process.env.E2E_STAFF_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const inbox = (await (await api.get('/api/contact-submissions')).json()) as { submissions: Record<string, unknown>[] };
    const lead = inbox.submissions.find((s) => s.email === 'maria.e2e@example.com');
    expect(lead).toMatchObject({ firstName: 'Maria', city: 'mesa', issues: ['gurgling'], sourcePage: '/', formVariant: 'home' });
    await context.close();
  });

  it('shows the failure toast when the API answers 500', async () => {
    const { page, context } = await openPage(browser);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong on our side.","code":"internal","details":[]}' }),
    );
    await page.goto('/');
    const form = homeForm(page);
    await form.getByLabel('First name').fill('Sam');
    await form.getByLabel('Last name').fill('Nguyen');
    await form.getByLabel('Email').fill('sam@example.com');
    await form.getByLabel('Phone').fill('4805550199');
    await form.getByLabel('Slow drainage').check();
    await form.getByRole('button', { name: 'Get My Free Assessment' }).click();
    await page.getByText('Submission failed').first().waitFor();
    await page.getByText('Something went wrong on our side.').first().waitFor();
    await expect(form.getByLabel('First name').inputValue()).resolves.toBe('Sam');
    await context.close();
  });

  it('builds the e-mail fallback with SPEC subject and body', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const form = homeForm(page);
    await form.getByLabel('First name').fill('Ana');
    await form.getByLabel('Last name').fill('Ruiz');
    await form.getByLabel('Email').fill('ana@example.com');
    await form.getByLabel('Phone').fill('6025550100');
    const link = page.locator('#contact').getByRole('link', { name: 'Email us instead' });
    // The link follows what was typed once the form's code is running.
    await expect.poll(async () => (await link.getAttribute('href')) ?? '').toContain('Ana%20Ruiz');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith('mailto:service@valleytrenchless.example?')).toBe(true);
    const q = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(q.get('subject')).toBe('Drain Assessment Request - Ana Ruiz');
    const body = q.get('body') ?? '';
    expect(body).toContain('ana@example.com');
    expect(body).toContain('Not specified');
    expect(body).toContain('Not provided');
    await context.close();
  });
});

describe('the /contact page form', () => {
  it('uses the /contact messages, payload and toasts', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/contact');
    const form = page.locator('#contact form');
    await form.getByRole('button', { name: 'Schedule Free Inspection' }).click();
    const msgs = (await alertsAfterSubmit(page, '#contact form')).join(' | ');
    for (const want of ['First name is required', 'Last name is required', 'Valid email is required', 'Phone number is required',
      'Please describe your drain issue (minimum 10 characters)']) {
      expect(msgs).toContain(want);
    }
    await form.getByLabel('First name').fill('Sam');
    await form.getByLabel('Last name').fill('Nguyen');
    await form.getByLabel('Email').fill('sam.e2e@example.com');
    await form.getByLabel('Phone').fill('480-555-0199');
    await form.getByLabel('Water backups').check();
    await form.getByLabel('Describe your drain issue').fill('Drain smells and backs up after rain.');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Schedule Free Inspection' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ formVariant: 'contact', address: null, city: null, urgency: null, homeAge: null,
      previousRepairs: null, preferredContactTime: null, hasVideo: false, issues: ['water-backups'], sourcePage: '/contact' });
    await page.getByText('Inspection Scheduled!').first().waitFor();
    await page.getByText("We'll contact you within 24 hours to confirm your free inspection appointment.").first().waitFor();
    await expect(form.getByLabel('First name').inputValue()).resolves.toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
