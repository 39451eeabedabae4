import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEAD_QUERY,
  exportHref,
  hasNarrowing,
  leadQueryApiParams,
  leadQuerySearch,
  parseLeadQuery,
  searchTooShort,
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

// The server refuses a search with a word its trigram index cannot look
// up (contact.CheckSearch, issue 39); the box does not send one.
describe('searchTooShort', () => {
  it('is true when a word has fewer than 3 letters or digits in a row', () => {
    for (const q of ['a', 'jo', ' jo ', 'j smith', 'smith j', '(6', '6-', 'a.b', 'ab-cd', 'é', 'maria 10', 'a b c']) {
      expect(searchTooShort(q), q).toBe(true);
    }
  });

  it('is false for words the index finds, phone pieces by their digits, and no search', () => {
    for (const q of ['', '   ', 'smith', 'Maria Lopez', '(602) 555-0142', '6-0-2', '+1-602', '100%', 'ben.', "o'neil", 'éèz', 'ana@x.example']) {
      expect(searchTooShort(q), q).toBe(false);
    }
  });

  it('reads only the first eight words, as the server does', () => {
    expect(searchTooShort('one two six ten owl cat dog pig a')).toBe(false);
    expect(searchTooShort('one one one one one one one one a')).toBe(true);
  });
});
