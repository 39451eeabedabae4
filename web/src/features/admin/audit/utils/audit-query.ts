// The Audit tab's filters as the address bar holds them
// (?actor=ana@example.com&kind=lead.&from=2026-11-01&to=2026-11-30), so a
// reload or a shared link shows the same entries, and the CSV export link
// carries the same filters. Only what is set is written, in a fixed order,
// so equal views have equal addresses.
import { dayRange, parseDay } from '@/components/staff/day-range';

export type AuditQuery = {
  /** A person's e-mail (the server matches it exactly, in any case), or ''. */
  actor: string;
  /** A kind ("lead.update"), a family ("lead."), or ''. */
  kind: string;
  /** The first day, 'YYYY-MM-DD' in the browser's calendar, or ''. */
  from: string;
  /** The last day, included, or ''. */
  to: string;
};

export const EMPTY_AUDIT_QUERY: AuditQuery = { actor: '', kind: '', from: '', to: '' };

/** The longest e-mail address (RFC 5321). */
export const ACTOR_MAX = 254;

/** A kind or a family: words of letters and hyphens, dot-separated, a family ending in the dot. */
const KIND = /^[a-z][a-z-]*(\.[a-z][a-z-]*)*\.?$/;

/** A filter value read from the address; anything the server would refuse is left out. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const kind = (params.get('kind') ?? '').trim();
  return {
    actor: (params.get('actor') ?? '').trim().slice(0, ACTOR_MAX),
    kind: kind.length <= 64 && KIND.test(kind) ? kind : '',
    from: parseDay(params.get('from')),
    to: parseDay(params.get('to')),
  };
}

/** The query string of a view ('' with no filter). */
export function auditQuerySearch(query: AuditQuery): string {
  const params = new URLSearchParams();
  if (query.actor) params.set('actor', query.actor);
  if (query.kind) params.set('kind', query.kind);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function hasFilters(query: AuditQuery): boolean {
  return auditQuerySearch(query) !== '';
}

/**
 * The API's filter parameters of a view: days become instants at the
 * browser's midnight, from the first day's start (inclusive) to the
 * midnight after the last day (the server's `to` is exclusive).
 */
export function auditApiParams(query: AuditQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.actor) params.actor = query.actor;
  if (query.kind) params.kind = query.kind;
  const { start, end } = dayRange(query.from, query.to);
  if (start) params.from = start.toISOString();
  if (end) params.to = end.toISOString();
  return params;
}

/** The CSV export of a view: the same filters as the list, every matching entry. */
export function auditExportHref(query: AuditQuery): string {
  const search = new URLSearchParams(auditApiParams(query)).toString();
  return `/api/admin/audit.csv${search ? `?${search}` : ''}`;
}

/** What is wrong with the filter form's values, by field; empty when they can be applied. */
export type AuditFilterErrors = Partial<Record<'actor' | 'to', string>>;

/** Roughly an e-mail address: something@something, no spaces (the server matches exactly, so a typo finds nothing). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function auditFilterErrors(query: AuditQuery): AuditFilterErrors {
  const errors: AuditFilterErrors = {};
  if (query.actor && !EMAIL.test(query.actor)) errors.actor = 'Enter the person’s whole e-mail address, like name@example.com.';
  if (query.from && query.to && query.to < query.from) errors.to = 'The last day is before the first day.';
  return errors;
}
