// The admin's Integrations tab (webhooks) against the whole stack and a
// receiver of the test's own: a tiny HTTP server on 127.0.0.1 that records
// every request and answers 204 (scripts/web-e2e.sh lets the contact
// service reach 127.0.0.1 with CONTACT_WEBHOOK_ALLOW_HOSTS). Through the UI:
// add an endpoint (the secret shown once), see a real lead delivered, signed
// by the Standard Webhooks spec, in the delivery log; send a test; resend a
// delivery and resend since a time; rotate the secret (both signatures for
// a day); edit it (a server refusal shown at its field); disable, enable and
// delete it.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launch, nextVisitorIp, openPage } from './browser';
import { axeViolations, staffCookies, type Cookies } from './staff';

/** Unique per run, so what this file makes is told apart from earlier runs. */
const RUN = Date.now().toString(36);
const NAME = `CRM receiver ${RUN}`;

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: Server;
let receiverUrl = '';

let browser: Browser;
let cookies: Cookies;
let page: Page;
let errors: string[];
/** What the steps below learn and later ones check. */
const state = { endpointId: '', secret: '', oldSecret: '', leadId: '', leadWebhookId: '' };

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads-${RUN}`;
  browser = await launch();
  cookies = await staffCookies(browser);
  const opened = await openPage(browser);
  await opened.context.addCookies(cookies);
  page = opened.page;
  errors = opened.errors;
});

afterAll(async () => {
  // An endpoint left behind would receive the other suites' leads.
  if (page && state.endpointId) {
    const res = await page.context().request.delete(`${BASE_URL}/api/admin/webhooks/${state.endpointId}`, { headers: { Origin: BASE_URL } });
    expect([200, 404]).toContain(res.status());
  }
  await page?.context().close();
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The Standard Webhooks signature of a request under a secret (whsec_ + base64 key). */
function signature(secret: string, r: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`);
  return `v1,${mac.digest('base64')}`;
}

const signatures = (r: Received) => String(r.headers['webhook-signature'] ?? '').split(' ');
const bodyOf = (r: Received) => JSON.parse(r.body) as { type?: string; data?: { lead?: { id?: string } }; [k: string]: unknown };
const card = () => page.locator(`article[data-endpoint-id="${state.endpointId}"]`);
const announcer = () => page.getByTestId('integrations-announcer');
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
/** Console errors but the two 400s the test provokes (Chromium logs every failed request). */
const unexpected = () => errors.filter((e) => !/status of 400/.test(e));

/** Waits until the receiver has more than `count` requests and returns the newest. */
async function nextRequest(count: number): Promise<Received> {
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(count);
  return received[received.length - 1]!;
}

/** The log's row of a delivery (its tbody), found by what it holds. */
function deliveryRow(has: Locator): Locator {
  return page.locator('tbody.integrations-delivery').filter({ has });
}

/** Clicks Refresh until `check` passes (the log also refreshes itself while a delivery is pending). */
async function refreshUntil(check: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        if (await check()) return true;
        const refresh = page.getByRole('button', { name: /^Refresh/ });
        if (await refresh.isEnabled()) await refresh.click();
        return false;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

describe('the Integrations tab', () => {
  it('is a tab after Leads, and explains webhooks before there is one', async () => {
    const listed = await page.context().request.get(`${BASE_URL}/api/admin/webhooks`);
    expect(listed.status(), await listed.text()).toBe(200);
    const none = ((await listed.json()) as { endpoints?: unknown[] }).endpoints?.length === 0;
    await page.goto('/admin/leads');
    const nav = page.getByRole('navigation', { name: 'Content manager sections' });
    await nav.getByRole('link', { name: 'Integrations' }).waitFor();
    const names = (await nav.getByRole('link').allInnerTexts()).map((t) => t.replace(/\d[\s\S]*/, '').trim());
    // Right after Leads (the owner's tabs go on with Staff and the others, issue 39).
    expect(names.slice(names.indexOf('Leads'), names.indexOf('Leads') + 2)).toEqual(['Leads', 'Integrations']);
    await nav.getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL('**/admin/integrations');
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    if (none) {
      const empty = page.locator('.integrations-empty');
      await empty.waitFor();
      await expect(empty.innerText()).resolves.toMatch(/HubSpot[\s\S]*ServiceTitan[\s\S]*Jobber[\s\S]*Zapier/);
      await expect(empty.locator('a').count()).resolves.toBe(0);
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  it('adds an endpoint, showing a refusal at its field, then the secret once', async () => {
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('region', { name: 'Add an endpoint' });
    const url = form.getByLabel('URL', { exact: true });
    // The form opens on its first field.
    await expect.poll(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(form.getByRole('checkbox', { name: /^New leads/ }).isChecked()).resolves.toBe(true);
    await expect(form.getByRole('checkbox', { name: /^Changes to leads/ }).isChecked()).resolves.toBe(false);
    await expect(form.getByText('{{lead.firstName}}').first().isVisible()).resolves.toBe(true);

    // The server's 400 appears under the URL, which gets the focus.
    await url.fill('ftp://crm.example.com/hooks');
    await form.getByLabel('Description', { exact: true }).fill(NAME);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const urlError = form.locator('.staff-field__error').first();
    await expect.poll(() => urlError.innerText()).toBe('The URL must start with https://.');
    await expect(url.getAttribute('aria-invalid')).resolves.toBe('true');
    const errorId = await urlError.getAttribute('id');
    await expect(url.getAttribute('aria-describedby')).resolves.toContain(errorId);
    await expect.poll(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await url.fill(receiverUrl);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const panel = page.getByTestId('webhook-secret-panel');
    await panel.waitFor();
    await expect(panel.innerText()).resolves.toMatch(/will not be shown again/);
    // The panel takes the focus: the person hears about the secret first.
    await expect.poll(focusedText).toMatch(/signing secret/);
    state.secret = await page.getByTestId('webhook-secret').inputValue();
    expect(state.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(page.getByRole('button', { name: /^Copy/ }).isVisible()).resolves.toBe(true);
    await expect.poll(() => announcer().innerText()).toMatch(/Endpoint added/);

    const link = page.getByRole('link', { name: `Delivery log of ${NAME}` });
    state.endpointId = (await link.getAttribute('href'))!.split('/').pop()!;
    expect(state.endpointId).toMatch(/^[0-9a-f-]{36}$/);
    const text = await card().innerText();
    expect(text).toContain(receiverUrl);
    expect(text).toContain('New leads');
    expect(text).toContain(state.secret.slice(-4));
    expect(text).toMatch(/Enabled/);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'I have saved the secret' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(focusedText).toBe(NAME);
    // Shown once: a fresh load has only the hint.
    await page.reload();
    await card().waitFor();
    await expect(page.getByTestId('webhook-secret').count()).resolves.toBe(0);
  });

  it('delivers a new lead, signed, and logs it as delivered', async () => {
    const before = received.length;
    // The home form's required fields only (POST /api/contact).
    const res = await page.context().request.post(`${BASE_URL}/api/contact`, {
      data: {
        formVariant: 'home',
        firstName: 'Webhook',
        lastName: `Receiver-${RUN}`,
        email: `webhook.${RUN}@example.com`,
        phone: '(602) 555-0177',
        issues: ['slow-drainage'],
        website: '',
      },
      headers: { Origin: BASE_URL, 'X-Forwarded-For': nextVisitorIp() },
    });
    expect(res.status(), await res.text()).toBe(200);
    state.leadId = ((await res.json()) as { id: string }).id;

    const got = await nextRequest(before);
    expect(got.path).toBe(new URL(receiverUrl).pathname);
    expect(String(got.headers['webhook-id'])).toMatch(/^msg_/);
    expect(String(got.headers['webhook-signature'])).toMatch(/^v1,/);
    expect(String(got.headers['webhook-timestamp'])).toMatch(/^\d+$/);
    expect(got.headers['content-type']).toBe('application/json');
    expect(signatures(got)).toContain(signature(state.secret, got));
    const body = bodyOf(got);
    expect(body.type).toBe('leads.submitted');
    expect(body.data?.lead?.id).toBe(state.leadId);
    state.leadWebhookId = String(got.headers['webhook-id']);

    await card().getByRole('link', { name: /^Delivery log/ }).click();
    await page.waitForURL(`**/admin/integrations/${state.endpointId}`);
    await page.getByRole('heading', { level: 1, name: `Delivery log: ${NAME}` }).waitFor();
    const row = deliveryRow(page.locator(`a[href="/admin/leads/${state.leadId}"]`));
    await refreshUntil(async () => (await row.count()) === 1 && (await row.getAttribute('data-status')) === 'delivered');
    await expect(row.getAttribute('data-delivery-id')).resolves.toBe(state.leadWebhookId);
    const line = await row.locator('tr').first().innerText();
    expect(line).toMatch(/New lead/);
    expect(line).toMatch(/Delivered/);
    expect(line).toMatch(/HTTP 204/);
    expect(line).toMatch(/\d+ ms/);

    // Its attempts.
    await row.getByRole('button', { name: /^Attempts/ }).click();
    const attempt = row.locator('.integrations-attempt').first();
    await attempt.waitFor();
    await expect(attempt.innerText()).resolves.toMatch(/Attempt 1[\s\S]*HTTP 204 \(delivered\)/);
    await expect(row.getByRole('button', { name: /^Hide attempts/ }).getAttribute('aria-expanded')).resolves.toBe('true');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends a test and shows the answer at once', async () => {
    const before = received.length;
    await page.getByRole('button', { name: /^Send test/ }).click();
    const result = page.getByTestId('webhook-test-result');
    await expect.poll(() => result.innerText()).toMatch(/^Test delivered: HTTP 204 in \d+ (ms|s)$/);
    await expect(result.getAttribute('role')).resolves.toBe('status');
    const got = await nextRequest(before);
    expect(String(got.headers['webhook-id'])).toMatch(/^msg_/);
    expect(signatures(got)).toContain(signature(state.secret, got));
    expect(bodyOf(got).type).toBe('leads.submitted');
    // The log shows it, marked as a test.
    const testRow = deliveryRow(page.locator('.integrations-badge--test')).first();
    await refreshUntil(async () => (await testRow.count()) > 0);
    await expect(testRow.innerText()).resolves.toMatch(/Sample lead/);
  });

  it('resends a delivery with its webhook-id, and resends since a time', async () => {
    const row = deliveryRow(page.locator(`a[href="/admin/leads/${state.leadId}"]`));
    let before = received.length;
    await row.getByRole('button', { name: /^Resend/ }).click();
    await expect.poll(() => row.locator('.integrations-result').innerText()).toMatch(/^Resent\. Delivered: HTTP 204/);
    const again = await nextRequest(before);
    expect(again.headers['webhook-id']).toBe(state.leadWebhookId);
    await refreshUntil(async () => (await row.locator('td[data-label="Attempts"]').innerText()) === '2');

    // Since an hour ago: everything was delivered, so nothing is queued unless delivered ones are included.
    const form = page.getByRole('region', { name: 'Resend since…' });
    // An hour ago in the browser's own time zone, as the input takes it.
    const local = await page.evaluate(() => {
      const d = new Date(Date.now() - 60 * 60 * 1000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await form.getByLabel('Since', { exact: true }).fill(local);
    const result = page.getByTestId('webhook-resend-since-result');
    await form.getByRole('button', { name: 'Resend deliveries' }).click();
    await expect.poll(() => result.innerText()).toMatch(/^Nothing to send again/);
    before = received.length;
    await form.getByRole('checkbox', { name: 'Include deliveries that were delivered' }).check();
    await form.getByRole('button', { name: 'Resend deliveries' }).click();
    await expect.poll(() => result.innerText()).toMatch(/^\d+ deliver(y was|ies were) queued to be sent again\.$/);
    const queued = Number((await result.innerText()).match(/^\d+/)![0]);
    // The lead's delivery (tests are never resent in bulk).
    expect(queued).toBeGreaterThanOrEqual(1);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + queued);
    expect(received.slice(before).map((r) => r.headers['webhook-id'])).toContain(state.leadWebhookId);
    expect(unexpected()).toEqual([]);
  });

  it('rotates the secret after asking, shows the new one once, and signs with both', async () => {
    await page.getByRole('link', { name: '← Back to integrations' }).click();
    await card().waitFor();
    await card().getByRole('button', { name: /^Rotate secret/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await dialog.waitFor();
    // The safe answer has the focus.
    await expect.poll(focusedText).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const panel = page.getByTestId('webhook-secret-panel');
    await panel.waitFor();
    await expect(panel.innerText()).resolves.toMatch(/old secret keeps working for 24 hours/);
    await expect.poll(focusedText).toMatch(/new signing secret/);
    state.oldSecret = state.secret;
    state.secret = await page.getByTestId('webhook-secret').inputValue();
    expect(state.secret).toMatch(/^whsec_/);
    expect(state.secret).not.toBe(state.oldSecret);
    await expect(card().innerText()).resolves.toContain(state.secret.slice(-4));
    await page.getByRole('button', { name: 'I have saved the secret' }).click();
    await expect.poll(() => panel.count()).toBe(0);

    const before = received.length;
    await card().getByRole('button', { name: /^Send test/ }).click();
    await expect.poll(() => card().getByTestId('webhook-test-result').innerText()).toMatch(/^Test delivered/);
    const got = await nextRequest(before);
    const sigs = signatures(got);
    expect(sigs).toHaveLength(2);
    expect(sigs).toContain(signature(state.secret, got));
    expect(sigs).toContain(signature(state.oldSecret, got));
  });

  it('edits the endpoint: a template the server refuses is shown at its field, a good one is sent', async () => {
    await card().getByRole('button', { name: /^Edit/ }).click();
    const template = card().getByLabel('Body template');
    await card().getByRole('checkbox', { name: /^Changes to leads/ }).check();
    await template.fill('{"contact": {"email": "{{lead.email}}", "fax": "{{lead.faxNumber}}"}}');
    await card().getByRole('button', { name: 'Save changes' }).click();
    const templateError = card().locator('.staff-field__error');
    await expect.poll(() => templateError.innerText()).toMatch(/^The body template names \{\{lead\.faxNumber\}\}, but a lead has no field "faxNumber"\.$/);
    await expect(template.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => template.evaluate((el) => el === document.activeElement)).toBe(true);

    await template.fill(`{"contact": {"email": "{{lead.email}}", "name": "{{lead.firstName}} {{lead.lastName}}"}, "source": "${RUN}", "kind": "{{type}}"}`);
    await card().getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => announcer().innerText()).toBe(`Changes to ${NAME} saved`);
    await expect.poll(() => card().innerText()).toMatch(/New leads and changes to leads/);
    await expect(card().innerText()).resolves.toMatch(/Body template \(4 fields\)/);
    // Focus returns to Edit.
    await expect.poll(focusedText).toMatch(/^Edit/);

    const before = received.length;
    await card().getByRole('button', { name: /^Send test/ }).click();
    await expect.poll(() => card().getByTestId('webhook-test-result').innerText()).toMatch(/^Test delivered/);
    const body = bodyOf(await nextRequest(before));
    expect(body).toMatchObject({ source: RUN, kind: 'leads.submitted' });
    expect(Object.keys(body.contact as object)).toEqual(['email', 'name']);
  });

  it('disables and enables the endpoint', async () => {
    await card().getByRole('button', { name: /^Disable/ }).click();
    await expect.poll(() => card().locator('.admin-status').innerText()).toBe('Disabled');
    await expect.poll(() => announcer().innerText()).toMatch(/disabled/);
    await expect(card().innerText()).resolves.toMatch(/Disabled by staff/);
    const listed = await page.context().request.get(`${BASE_URL}/api/admin/webhooks`);
    const stored = ((await listed.json()) as { endpoints: { id: string; enabled?: boolean; disabledReason?: string }[] }).endpoints.find(
      (e) => e.id === state.endpointId,
    );
    expect(stored).toMatchObject({ disabledReason: 'staff' });
    expect(stored?.enabled ?? false).toBe(false);

    await card().getByRole('button', { name: /^Enable/ }).click();
    await expect.poll(() => card().locator('.admin-status').innerText()).toBe('Enabled');
    await expect.poll(() => announcer().innerText()).toMatch(/enabled/);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('deletes the endpoint after asking, and focus goes to the page heading', async () => {
    await card().getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect.poll(() => card().count()).toBe(0);
    await expect.poll(focusedText).toBe('Integrations');
    await expect.poll(() => announcer().innerText()).toBe(`${NAME} deleted`);
    const log = await page.context().request.get(`${BASE_URL}/api/admin/webhooks/${state.endpointId}/deliveries`);
    expect(log.status()).toBe(404);
    state.endpointId = '';
    expect(unexpected()).toEqual([]);
  });
});
