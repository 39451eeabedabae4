import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, elements, expectHeadingOutline, texts, visibleText } from '@/testing/html';
import { auditQueryKey, listAuditQueryOptions, toAuditEntry, type AuditData } from '../api/list-audit';
import { parseAuditQuery } from '../utils/audit-query';
import { AuditRow } from './AuditRow';
import { AuditTab } from './AuditTab';

afterEach(() => vi.unstubAllGlobals());

type Client = ReturnType<typeof createQueryClient>;

function render(node: ReactNode, url: string, setup: (client: Client) => void | Promise<void> = () => {}) {
  const client = createQueryClient();
  const ready = setup(client);
  const html = () =>
    renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
      </QueryClientProvider>,
    ).replaceAll('<!-- -->', '');
  return ready instanceof Promise ? ready.then(html) : Promise.resolve(html());
}

const LEAD_CHANGE = toAuditEntry({
  id: '42',
  at: '2026-11-28T13:05:09Z',
  actor: 'ana@pipes.example',
  actorId: 'u1',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  kind: 'lead.update',
  target: 'lead-1',
  status: 200,
  changes: { status: { before: 'new', after: 'contacted' }, note: { after: '<script>alert(1)</script>' } },
});
const REFUSED = toAuditEntry({ id: '41', at: '2026-11-28T12:00:00Z', actor: 'mallory@example.com', ip: '198.51.100.9', userAgent: 'curl/8.5.0', kind: 'sign-in.failed', status: 401 });

/** The tab at `url` with the log's pages for that address already read. */
function tab(url: string, pages: AuditData['pages']) {
  const query = parseAuditQuery(new URL(url, 'https://site.example').searchParams);
  return render(<AuditTab />, url, (client) => {
    client.setQueryData<AuditData>(auditQueryKey(query), { pages, pageParams: pages.map((_, i) => (i === 0 ? '' : `c${i}`)) });
  });
}

describe('the Audit tab', () => {
  it('lists entries newest first in a captioned table: time, person, action in words, target, result, where from', async () => {
    const html = await tab('/admin/audit', [{ entries: [LEAD_CHANGE, REFUSED], nextCursor: '' }]);
    expectHeadingOutline(html);
    expect(texts(html, 'h1')).toEqual(['Audit log']);
    expect(texts(html, 'caption')).toEqual(['Audit log entries, newest first']);
    expect(texts(html, 'th')).toEqual(['Time', 'Person', 'Action', 'Target', 'Result', 'Where from', 'Details']);
    const rows = elements(html, 'tbody', { class: 'audit-entry' });
    expect(rows).toHaveLength(2);
    const first = texts(rows[0]!.outer, 'td');
    expect(first[1]).toBe('ana@pipes.example');
    expect(first[2]).toBe('Changed a lead 2 fields');
    expect(first[3]).toBe('lead-1');
    expect(first[4]).toBe('Done');
    expect(first[5]).toBe('203.0.113.7 Chrome 131 on macOS');
    expect(texts(rows[1]!.outer, 'td').slice(1, 6)).toEqual(['mallory@example.com', 'Sign-in refused', '—', 'Refused (401)', '198.51.100.9 curl/8.5.0']);
    // The time in the staff area's format, the whole moment in its title.
    const time = elements(rows[0]!.outer, 'time')[0]!;
    expect(attrOf(time.open, 'datetime')).toBe('2026-11-28T13:05:09Z');
    expect(visibleText(time.inner)).toMatch(/^Nov 28, 2026, \d{1,2}:05 [AP]M$/);
    expect(attrOf(time.open, 'title')).toMatch(/^\w+day, November 28, 2026 at \d{1,2}:05:09 [AP]M \S+$/);
    // Each row opens by a button that names what it opens, closed at first.
    const button = elements(rows[0]!.outer, 'button')[0]!;
    expect(attrOf(button.open, 'aria-expanded')).toBe('false');
    expect(visibleText(button.inner)).toMatch(/^Details of “Changed a lead” by ana@pipes\.example, Nov 28, 2026/);
    expect(visibleText(html)).toContain('2 entries shown, the oldest last');
    expect(texts(html, 'button')).not.toContain('Load more entries');
  });

  it('offers Load more while the server has older entries', async () => {
    const html = await tab('/admin/audit', [{ entries: [LEAD_CHANGE], nextCursor: 'c1' }]);
    expect(texts(html, 'button')).toContain('Load more entries');
    expect(visibleText(html)).toContain('1 entry shown');
    expect(visibleText(html)).not.toContain('the oldest last');
  });

  it('shows the address’s filters in the form and exports the same filters', async () => {
    const html = await tab('/admin/audit?actor=ana%40pipes.example&kind=lead.&from=2026-11-01&to=2026-11-30', [{ entries: [LEAD_CHANGE], nextCursor: '' }]);
    const form = elements(html, 'form', { role: 'search' })[0]!;
    expect(texts(form.outer, 'label')).toEqual(['Person (e-mail)', 'What they did', 'First day', 'Last day (included)']);
    expect(attrOf(elements(form.outer, 'input', { type: 'email' })[0]!.open, 'value')).toBe('ana@pipes.example');
    expect(elements(form.outer, 'input', { type: 'date' }).map((i) => attrOf(i.open, 'value'))).toEqual(['2026-11-01', '2026-11-30']);
    const selected = elements(form.outer, 'option', { selected: true }).map((o) => visibleText(o.inner));
    expect(selected).toEqual(['Anything done to leads']);
    expect(elements(form.outer, 'optgroup').map((g) => attrOf(g.open, 'label'))).toEqual([
      'Sign-in',
      'Posts',
      'Site text',
      'Images',
      'Leads',
      'Integrations',
      'Staff',
      'Account',
      'Audit log',
    ]);
    expect(texts(html, 'a')).toContain('Clear filters');
    expect(texts(html, 'caption')).toEqual(['Audit log entries matching the filters, newest first']);

    const exportLink = elements(html, 'a', { download: true })[0]!;
    expect(visibleText(exportLink.inner)).toBe('Export CSV of the entries matching these filters');
    const href = new URL(attrOf(exportLink.open, 'href')!, 'https://site.example');
    expect(href.pathname).toBe('/api/admin/audit.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      actor: 'ana@pipes.example',
      kind: 'lead.',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });
  });

  it('says when nothing matches, and when nothing is logged yet', async () => {
    const filtered = await tab('/admin/audit?kind=post.delete', [{ entries: [], nextCursor: '' }]);
    expect(visibleText(filtered)).toContain('No entries match these filters.');
    expect(elements(filtered, 'table')).toHaveLength(0);
    const empty = await tab('/admin/audit', [{ entries: [], nextCursor: '' }]);
    expect(visibleText(empty)).toContain('Nothing has been logged yet.');
    expect(texts(empty, 'a')).not.toContain('Clear filters');
  });

  it('says why the log could not be read, with Try again', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Only owners can read the audit log.' }), { status: 403 }));
    const html = await render(<AuditTab />, '/admin/audit', (client) => {
      // Rendered once after the failed read (a mount would read again first).
      client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
      return client.prefetchInfiniteQuery(listAuditQueryOptions(parseAuditQuery(new URLSearchParams())));
    });
    const alert = elements(html, 'div', { role: 'alert' })[0]!;
    expect(visibleText(alert.inner)).toBe('The audit log could not be loaded: Only owners can read the audit log. Try again');
    expect(elements(html, 'table')).toHaveLength(0);
  });
});

describe('an entry’s details', () => {
  const open = (entry = LEAD_CHANGE) =>
    render(
      <table>
        <AuditRow entry={entry} defaultOpen />
      </table>,
      '/admin/audit',
    );

  it('show each changed field as before → after, as text', async () => {
    const html = await open();
    const button = elements(html, 'button')[0]!;
    expect(attrOf(button.open, 'aria-expanded')).toBe('true');
    const details = elements(html, 'tr', { id: attrOf(button.open, 'aria-controls')! })[0]!;
    const changes = elements(details.outer, 'div', { class: 'audit-change' }).map((c) => visibleText(c.inner));
    expect(changes).toEqual(['Status Before: new → After: contacted', 'Note Before: (none) → After: <script>alert(1)</script>']);
    // The logged value is text on the page, never markup.
    expect(html).not.toContain('<script>');
    expect(visibleText(html)).toContain('<script>alert(1)</script>');
  });

  it('show the whole time, address, user agent and ids', async () => {
    const html = await open();
    const facts = texts(elements(html, 'dl', { class: 'staff-facts' })[0]!.inner, 'div');
    expect(facts).toEqual([
      expect.stringMatching(/^When \w+day, November 28, 2026 at/),
      'Status HTTP 200',
      'Address 203.0.113.7',
      `User agent ${LEAD_CHANGE.userAgent}`,
      'Account id u1',
      'Entry 42',
    ]);
  });

  it('say so when an action changed no fields', async () => {
    const html = await open(REFUSED);
    expect(visibleText(html)).toContain('No changed fields were logged for this action.');
    expect(elements(html, 'dl', { class: 'audit-changes' })).toHaveLength(0);
  });
});
