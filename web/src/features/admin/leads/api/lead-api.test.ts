import { describe, expect, it } from 'vitest';
import { leadCountsQueryKey } from './get-lead-counts';
import { leadQueryKey } from './get-lead';
import { parseLeadSubmitted, parseLeadUpdated } from './lead-events';
import { isLeadListKey, leadsQueryKey } from './list-leads';

describe('inbox query keys', () => {
  it('counts lists and counts as lists, never a single lead', () => {
    expect(isLeadListKey(leadsQueryKey('unread'))).toBe(true);
    expect(isLeadListKey(leadCountsQueryKey)).toBe(true);
    expect(isLeadListKey(leadQueryKey('0b5c4c8e-2a39-4a53-9d3f-1d2f0f6b7c11'))).toBe(false);
    expect(isLeadListKey(['/api/editable-content', { q: 1 }])).toBe(false);
  });
});

describe('lead event data', () => {
  it('reads the lead of a LeadSubmitted event', () => {
    const lead = parseLeadSubmitted(JSON.stringify({ lead: { id: 'a1', firstName: 'Maria', isRead: false } }));
    expect(lead).toMatchObject({ id: 'a1', firstName: 'Maria' });
  });

  it('ignores what is not an event it knows', () => {
    expect(parseLeadSubmitted('not json')).toBeNull();
    expect(parseLeadSubmitted(JSON.stringify({ lead: null }))).toBeNull();
    expect(parseLeadSubmitted(JSON.stringify({ lead: { id: '' } }))).toBeNull();
    expect(parseLeadUpdated(JSON.stringify({ leadId: 'a1', isRead: true }))).toMatchObject({ leadId: 'a1', isRead: true });
    expect(parseLeadUpdated(JSON.stringify({ isRead: true }))).toBeNull();
  });
});
