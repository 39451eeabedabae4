import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEAD_QUERY,
  exportHref,
  hasNarrowing,
  leadQueryApiParams,
  leadQuerySearch,
  parseLeadQuery,
  type LeadQuery,
} from './lead-query';

const parse = (search: string) => parseLeadQuery(new URLSearchParams(search));

describe('the inbox view in the address', () => {
  it('reads every filter, dropping values the server would refuse', () => {
    expect(parse('')).toEqual(DEFAULT_LEAD_QUERY);
    expect(parse('?filter=unread&status=won&city=phoenix&source=google&from=2026-11-01&to=2026-11-30&q=rosa%20602&assignee=none')).toEqual({
      filter: 'unread',
      status: 'won',
      city: 'phoenix',
      source: 'google',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'rosa 602',
      assignee: 'none',
    });
    expect(parse('?filter=everything&status=spam&from=2026-02-30&to=yesterday')).toEqual(DEFAULT_LEAD_QUERY);
    expect(parse(`?city=${'x'.repeat(150)}`).city).toHaveLength(100);
  });

  it('writes only what differs from the default view, filter first, and reads back the same', () => {
    expect(leadQuerySearch(DEFAULT_LEAD_QUERY)).toBe('');
    expect(leadQuerySearch({ ...DEFAULT_LEAD_QUERY, filter: 'unread' })).toBe('?filter=unread');
    const view: LeadQuery = { ...DEFAULT_LEAD_QUERY, filter: 'overdue', status: 'contacted', q: ' 555-0199 ', city: 'Cave Creek' };
    const search = leadQuerySearch(view);
    expect(search).toBe('?filter=overdue&status=contacted&city=Cave+Creek&q=555-0199');
    expect(parse(search)).toEqual({ ...view, q: '555-0199' });
    expect(hasNarrowing({ ...DEFAULT_LEAD_QUERY, filter: 'spam' })).toBe(false);
    expect(hasNarrowing(view)).toBe(true);
  });

  it('asks the server with its own names; a day range is from the first midnight to the one after the last day', () => {
    expect(leadQueryApiParams(DEFAULT_LEAD_QUERY)).toEqual({ filter: 'all' });
    const params = leadQueryApiParams({ ...DEFAULT_LEAD_QUERY, from: '2026-11-01', to: '2026-11-30', q: 'roots', assignee: 'ben@x.example', source: 'direct' });
    expect(params).toEqual({
      filter: 'all',
      source: 'direct',
      createdFrom: new Date(2026, 10, 1).toISOString(),
      createdTo: new Date(2026, 11, 1).toISOString(),
      query: 'roots',
      assignee: 'ben@x.example',
    });
    // Backwards is read the right way round.
    const backwards = leadQueryApiParams({ ...DEFAULT_LEAD_QUERY, from: '2026-11-30', to: '2026-11-01' });
    expect([backwards.createdFrom, backwards.createdTo]).toEqual([params.createdFrom, params.createdTo]);
  });

  it('exports what the list shows', () => {
    expect(exportHref({ ...DEFAULT_LEAD_QUERY, filter: 'unread' })).toBe('/api/contact-submissions/export.csv?filter=unread');
    expect(exportHref({ ...DEFAULT_LEAD_QUERY, status: 'won', q: 'main line' })).toBe(
      '/api/contact-submissions/export.csv?filter=all&status=won&query=main+line',
    );
  });
});
