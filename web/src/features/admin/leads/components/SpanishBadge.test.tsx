import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { elements, texts, visibleText } from '@/testing/html';
import { leadQueryKey } from '../api/get-lead';
import { leadsQueryKey, type Lead, type LeadsData } from '../api/list-leads';
import { DEFAULT_LEAD_QUERY } from '../utils/lead-query';
import type { LeadOptionLists } from '../utils/lead-labels';
import { LeadDetail } from './LeadDetail';
import { LeadInbox } from './LeadInbox';
import { LeadOptionsProvider } from './lead-options';

// Issue 40: a lead from the Spanish site is marked "Prefers Spanish" in the
// inbox (row and phone card: the same cell) and on its page.

const options: LeadOptionLists = {
  cities: [{ value: 'phoenix', label: 'Phoenix' }],
  homeAges: [],
  urgencies: [],
  homeIssues: [{ value: 'frequent-clogs', label: 'Frequent clogs or backups' }],
  contactProblems: [],
};

function lead(id: string, firstName: string, language: string): Lead {
  return {
    id, formVariant: 'home', firstName, lastName: 'Lopez', email: `${id}@example.com`, phone: '(602) 555-0142',
    address: '', city: 'phoenix', urgency: '', issues: ['frequent-clogs'], homeAge: '', previousRepairs: '',
    description: 'Kitchen sink backs up.', preferredContactTime: '', hasVideo: false, sourcePage: '/es/',
    attribution: {}, userAgent: '', isRead: false, isSpam: false, duplicateOf: '',
    createdAt: '2026-11-28T17:00:00Z', respondBy: '2126-11-29T17:00:00Z', status: 'new', assignee: '',
    firstResponseAt: null, updatedAt: null, updatedBy: '', erasedAt: null, language,
  };
}

function render(node: ReactNode, url: string, setup: (client: ReturnType<typeof createQueryClient>) => void): string {
  const client = createQueryClient();
  setup(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <LeadOptionsProvider value={options}>
        <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
      </LeadOptionsProvider>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

function inbox(leads: Lead[]): string {
  return render(<LeadInbox live={{ status: 'live', reconnect: () => {} }} arrived={new Set()} />, '/admin/leads', (client) => {
    client.setQueryData<LeadsData>(leadsQueryKey(DEFAULT_LEAD_QUERY), {
      pages: [{ submissions: leads, nextPageToken: '', unreadCount: leads.length, overdueCount: 0 }],
      pageParams: [''],
    });
  });
}

function detail(l: Lead): string {
  return render(
    <Routes>
      <Route path="/admin/leads/:id" element={<LeadDetail />} />
    </Routes>,
    `/admin/leads/${l.id}`,
    (client) => client.setQueryData(leadQueryKey(l.id), l),
  );
}

/** The text of the Fact labelled `label` on a lead's page. */
function fact(html: string, label: string): string | undefined {
  const facts = [
    ...elements(html, 'div', { class: 'lead-fact' }),
    ...elements(html, 'div', { class: 'lead-fact lead-fact--wide' }),
  ];
  const found = facts.find((f) => texts(f.outer, 'dt')[0] === label);
  return found && texts(found.outer, 'dd')[0];
}

describe('a lead’s language in the Leads tab', () => {
  it('marks a lead from the Spanish site "Prefers Spanish" in its inbox row, and no other', () => {
    const html = inbox([
      lead('l-es', 'Rosa', 'es'),
      lead('l-mx', 'Ana', 'es-MX'),
      lead('l-en', 'Mary', 'en'),
      lead('l-none', 'Sam', ''),
      lead('l-fr', 'Élodie', 'fr-CA'),
    ]);
    const rows = elements(html, 'tr', { 'data-lead-id': true });
    expect(rows).toHaveLength(5);
    const badges = rows.map((r) => elements(r.outer, 'span', { class: 'lead-badge lead-badge--spanish' }));
    expect(badges.map((b) => b.length)).toEqual([1, 1, 0, 0, 0]);
    // Its words, and what a screen reader hears: where it came from, as the office e-mail says.
    const badge = badges[0]![0]!;
    expect(texts(badge.outer, 'span', { class: 'visually-hidden' })).toEqual(['(submitted from the Spanish site)']);
    expect(visibleText(badge.inner)).toBe('Prefers Spanish (submitted from the Spanish site)');
    expect(badge.open).toContain('title="Submitted from the Spanish site (es)"');
    // With the name, in the cell a phone card shows first.
    const main = elements(rows[1]!.outer, 'td', { class: 'leads-row__main' })[0]!;
    expect(visibleText(main.inner)).toBe('Ana Lopez Prefers Spanish (submitted from the Spanish site)');
  });

  it('shows the badge and the language on the lead’s page', () => {
    const es = detail(lead('l-mx', 'Ana', 'es-MX'));
    const head = elements(es, 'header', { class: 'lead-head' })[0]!;
    expect(elements(head.outer, 'span', { class: 'lead-badge lead-badge--spanish' })).toHaveLength(1);
    expect(fact(es, 'Language')).toBe('Mexican Spanish (es-MX)');

    const fr = detail(lead('l-fr', 'Élodie', 'fr-CA'));
    expect(elements(fr, 'span', { class: 'lead-badge lead-badge--spanish' })).toHaveLength(0);
    expect(fact(fr, 'Language')).toBe('Canadian French (fr-CA)');

    const none = detail(lead('l-none', 'Sam', ''));
    expect(elements(none, 'span', { class: 'lead-badge lead-badge--spanish' })).toHaveLength(0);
    expect(fact(none, 'Language')).toBe('Not given');
  });
});
