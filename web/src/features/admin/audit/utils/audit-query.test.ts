import { describe, expect, it } from 'vitest';
import {
  auditApiParams,
  auditExportHref,
  auditFilterErrors,
  auditQuerySearch,
  EMPTY_AUDIT_QUERY,
  hasFilters,
  parseAuditQuery,
  type AuditQuery,
} from './audit-query';

const parse = (search: string) => parseAuditQuery(new URLSearchParams(search));
/** The browser's midnight of a day, as the API receives it. */
const midnight = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();

describe('the filters in the address', () => {
  it('round-trips every filter, in a fixed order, and writes nothing without one', () => {
    const query: AuditQuery = { actor: 'ana@pipes.example', kind: 'lead.', from: '2026-11-01', to: '2026-11-30' };
    const search = auditQuerySearch(query);
    expect(search).toBe('?actor=ana%40pipes.example&kind=lead.&from=2026-11-01&to=2026-11-30');
    expect(parse(search)).toEqual(query);
    expect(auditQuerySearch({ ...EMPTY_AUDIT_QUERY, kind: 'sign-in.failed' })).toBe('?kind=sign-in.failed');
    expect(auditQuerySearch(EMPTY_AUDIT_QUERY)).toBe('');
    expect(hasFilters(EMPTY_AUDIT_QUERY)).toBe(false);
    expect(hasFilters({ ...EMPTY_AUDIT_QUERY, to: '2026-11-30' })).toBe(true);
  });

  it('leaves out what a hand-edited address holds that the server would refuse', () => {
    expect(parse('?actor=%20ana@pipes.example%20&kind=lead.update')).toMatchObject({ actor: 'ana@pipes.example', kind: 'lead.update' });
    expect(parse('?kind=LEAD.&from=2026-02-30&to=yesterday')).toEqual(EMPTY_AUDIT_QUERY);
    expect(parse('?kind=lead%25&from=2026-13-01').kind).toBe('');
    expect(parse(`?actor=${'a'.repeat(300)}`).actor).toHaveLength(254);
    // A kind this app does not list yet is still a kind.
    expect(parse('?kind=invoice.send').kind).toBe('invoice.send');
  });
});

describe('the API’s parameters', () => {
  it('sends the person and kind as they are and days as the browser’s midnights, the last day included', () => {
    expect(auditApiParams({ actor: 'ana@pipes.example', kind: 'post.', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      actor: 'ana@pipes.example',
      kind: 'post.',
      from: midnight(2026, 11, 1),
      to: midnight(2026, 12, 1),
    });
    expect(auditApiParams(EMPTY_AUDIT_QUERY)).toEqual({});
    expect(auditApiParams({ ...EMPTY_AUDIT_QUERY, to: '2026-12-31' })).toEqual({ to: midnight(2027, 1, 1) });
  });

  it('reads a range given backwards the right way round', () => {
    expect(auditApiParams({ ...EMPTY_AUDIT_QUERY, from: '2026-11-30', to: '2026-11-01' })).toEqual({
      from: midnight(2026, 11, 1),
      to: midnight(2026, 12, 1),
    });
  });

  it('exports the same filters as CSV', () => {
    expect(auditExportHref(EMPTY_AUDIT_QUERY)).toBe('/api/admin/audit.csv');
    const href = auditExportHref({ actor: 'ana@pipes.example', kind: 'lead.update', from: '2026-11-01', to: '' });
    const url = new URL(href, 'https://site.example');
    expect(url.pathname).toBe('/api/admin/audit.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ actor: 'ana@pipes.example', kind: 'lead.update', from: midnight(2026, 11, 1) });
  });
});

describe('the filter form’s checks', () => {
  it('asks for a whole e-mail and a last day not before the first', () => {
    expect(auditFilterErrors(EMPTY_AUDIT_QUERY)).toEqual({});
    expect(auditFilterErrors({ ...EMPTY_AUDIT_QUERY, actor: 'ana' }).actor).toMatch(/whole e-mail address/);
    expect(auditFilterErrors({ ...EMPTY_AUDIT_QUERY, actor: 'ana @pipes.example' }).actor).toBeDefined();
    expect(auditFilterErrors({ ...EMPTY_AUDIT_QUERY, actor: 'ana@pipes.example' })).toEqual({});
    expect(auditFilterErrors({ ...EMPTY_AUDIT_QUERY, from: '2026-11-30', to: '2026-11-01' })).toEqual({ to: 'The last day is before the first day.' });
    expect(auditFilterErrors({ ...EMPTY_AUDIT_QUERY, from: '2026-11-30', to: '2026-11-30' })).toEqual({});
  });
});
