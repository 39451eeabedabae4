import { describe, expect, it } from 'vitest';
import { queryKeyToPath } from '@/lib/api-client';
import { DEFAULT_LEAD_QUERY } from '../utils/lead-query';
import { leadActivityQueryKey, loadedActivity, withEntry, type LeadActivity, type LeadActivityData } from './get-lead-activity';
import { leadCountsQueryKey } from './get-lead-counts';
import { leadQueryKey } from './get-lead';
import { isLeadStatsKey, leadStatsQueryKey } from './get-lead-stats';
import { overdueLeadsQueryKey } from './get-overdue-leads';
import { alreadyKnown, parseLeadSubmitted, parseLeadUpdated } from './lead-events';
import { isLeadListKey, leadsQueryKey, type Lead } from './list-leads';

describe('inbox query keys', () => {
  it('counts lists and counts as lists, never a single lead', () => {
    expect(isLeadListKey(leadsQueryKey({ ...DEFAULT_LEAD_QUERY, filter: 'unread' }))).toBe(true);
    expect(isLeadListKey(leadCountsQueryKey)).toBe(true);
    expect(isLeadListKey(overdueLeadsQueryKey)).toBe(true);
    expect(isLeadListKey(leadQueryKey('0b5c4c8e-2a39-4a53-9d3f-1d2f0f6b7c11'))).toBe(false);
    expect(isLeadListKey(leadActivityQueryKey('0b5c4c8e-2a39-4a53-9d3f-1d2f0f6b7c11'))).toBe(false);
    expect(isLeadListKey(leadStatsQueryKey)).toBe(false);
    expect(isLeadListKey(['/api/editable-content', { q: 1 }])).toBe(false);
  });

  it('reads the right paths', () => {
    expect(queryKeyToPath(leadsQueryKey({ ...DEFAULT_LEAD_QUERY, status: 'won', q: 'rosa' }))).toBe(
      '/api/contact-submissions?filter=all&status=won&query=rosa&pageSize=25',
    );
    expect(queryKeyToPath(leadActivityQueryKey('a1'))).toBe('/api/contact-submissions/a1/activity');
    expect(queryKeyToPath(leadStatsQueryKey)).toBe('/api/contact-submissions/stats?weeks=12');
    expect(isLeadStatsKey(leadStatsQueryKey)).toBe(true);
    expect(isLeadStatsKey(leadQueryKey('a1'))).toBe(false);
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

  it('skips only our own change the cache already shows', () => {
    const cached = { id: 'a1', isRead: true, status: 'contacted', assignee: '', updatedAt: '2026-11-22T12:00:00Z' } as Lead;
    const event = { leadId: 'a1', isRead: true, status: 'contacted', assignee: '', updatedAt: '2026-11-22T12:00:00Z', change: 'status' };
    const update = parseLeadUpdated(JSON.stringify(event))!;
    expect(alreadyKnown(cached, update)).toBe(true);
    expect(alreadyKnown(undefined, update)).toBe(false);
    expect(alreadyKnown(cached, { ...update, change: 'note' })).toBe(false);
    expect(alreadyKnown(cached, { ...update, status: 'won' })).toBe(false);
    expect(alreadyKnown(cached, { ...update, updatedAt: '2026-11-22T12:05:00Z' })).toBe(false);
  });
});

describe('a history read a page at a time', () => {
  const entry = (id: string): LeadActivity => ({ id, leadId: 'a1', kind: 'note', from: '', to: '', body: id, actor: '', createdAt: '' });
  // The server's first page is the newest entries; each page is oldest first.
  const data: LeadActivityData = {
    pages: [
      { entries: [entry('3'), entry('4')], nextPageToken: '3', totalCount: 4 },
      { entries: [entry('1'), entry('2')], nextPageToken: '', totalCount: 4 },
    ],
    pageParams: ['', '3'],
  };

  it('shows the loaded entries oldest first, the earlier pages above', () => {
    expect(loadedActivity(data).map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    expect(loadedActivity(undefined)).toEqual([]);
  });

  it('puts a new note at the end of the newest page, once, and counts it', () => {
    const added = withEntry(data, entry('5'));
    expect(loadedActivity(added).map((e) => e.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(added?.pages[0]?.totalCount).toBe(5);
    expect(withEntry(added, entry('5'))).toBe(added);
    expect(withEntry(undefined, entry('5'))).toBeUndefined();
  });

  it('asks for a page of the history by its token', () => {
    expect(queryKeyToPath([...leadActivityQueryKey('a1'), { pageSize: 50, pageToken: '3' }])).toBe(
      '/api/contact-submissions/a1/activity?pageSize=50&pageToken=3',
    );
  });
});
