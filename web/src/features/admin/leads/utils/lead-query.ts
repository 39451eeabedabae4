// The inbox's view as the address bar holds it (?filter=unread&status=won&q=…),
// so a reload, back/forward and a shared link show the same leads, and the
// CSV export link carries the same filters. Only what differs from the
// default view is written, in a fixed order, so equal views have equal
// addresses.
import {
  parseLeadFilter,
  parsePipelineStatus,
  type LeadFilter,
  type PipelineStatus,
} from './lead-labels';

export type LeadQuery = {
  filter: LeadFilter;
  /** A pipeline status, or '' for every status. */
  status: PipelineStatus | '';
  /** A stored city value (e.g. 'phoenix', or a typed town), or ''. */
  city: string;
  /** A utm_source value, 'direct' for none, or ''. */
  source: string;
  /** The first day received, 'YYYY-MM-DD' (the browser's calendar), or ''. */
  from: string;
  /** The last day received, included, or ''. */
  to: string;
  /** Search words. */
  q: string;
  /** A staff e-mail, 'none' for unassigned leads, or ''. */
  assignee: string;
};

export const DEFAULT_LEAD_QUERY: LeadQuery = {
  filter: 'all',
  status: '',
  city: '',
  source: '',
  from: '',
  to: '',
  q: '',
  assignee: '',
};

/** The assignee filter value for leads nobody has taken. */
export const UNASSIGNED = 'none';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A 'YYYY-MM-DD' that is a real day, or ''. */
function parseDay(value: string | null): string {
  if (!value || !DAY.test(value)) return '';
  return localDay(value) ? value : '';
}

/** Midnight of a 'YYYY-MM-DD' in the browser's time zone, or null when there is no such day. */
function localDay(day: string): Date | null {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** Text values are trimmed and capped at the server's limits, so a hand-edited address cannot make a 400. */
function text(value: string | null, max: number): string {
  return (value ?? '').trim().slice(0, max);
}

export function parseLeadQuery(params: URLSearchParams): LeadQuery {
  return {
    filter: parseLeadFilter(params.get('filter')),
    status: parsePipelineStatus(params.get('status')),
    city: text(params.get('city'), 100),
    source: text(params.get('source'), 200),
    from: parseDay(params.get('from')),
    to: parseDay(params.get('to')),
    // Inner spaces stay as typed; the server splits words.
    q: (params.get('q') ?? '').slice(0, 200),
    assignee: text(params.get('assignee'), 254),
  };
}

/** The query string of a view ('' for the default one), filter first. */
export function leadQuerySearch(query: LeadQuery): string {
  const params = new URLSearchParams();
  if (query.filter !== 'all') params.set('filter', query.filter);
  if (query.status) params.set('status', query.status);
  if (query.city) params.set('city', query.city);
  if (query.source) params.set('source', query.source);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.assignee) params.set('assignee', query.assignee);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** What the server answers a search with a word it cannot look up (contact.MsgShortSearch). */
export const SHORT_SEARCH_MESSAGE =
  'Search with words of at least 3 letters or digits: part of a name, phone number, e-mail or address.';

const LETTERS_OR_DIGITS = /[\p{L}\p{Nd}]{3}/u;
const PHONE_PIECE = /^[0-9()\-.+ ]*$/;

/**
 * Whether the server would refuse the search q (contact.SearchWords and
 * CheckSearch): one of its first eight words has no 3 letters or digits in
 * a row, which its index needs ("jo", "j smith"); a phone's piece counts
 * its digits ("6-0-2" is 602). No words is no search, and fine.
 */
export function searchTooShort(q: string): boolean {
  const words: string[] = [];
  for (let w of q.toLowerCase().split(/\s+/u)) {
    if (!w) continue;
    const digits = w.replace(/\P{Nd}/gu, '');
    if (digits.length >= 3 && PHONE_PIECE.test(w)) w = digits;
    if (!words.includes(w)) words.push(w);
    if (words.length === 8) break;
  }
  return words.some((w) => !LETTERS_OR_DIGITS.test(w));
}

/** Whether anything beyond the all/unread/overdue/spam view narrows the list. */
export function hasNarrowing(query: LeadQuery): boolean {
  return leadQuerySearch({ ...query, filter: 'all' }) !== '';
}

/**
 * The ListLeads / ExportLeads query parameters of a view. Days become
 * instants at the browser's midnight: from its first moment (inclusive) to
 * the midnight after the last day (the server's createdTo is exclusive).
 * A range given backwards is read the right way round.
 */
export function leadQueryApiParams(query: LeadQuery): Record<string, string> {
  const params: Record<string, string> = { filter: query.filter };
  if (query.status) params.status = query.status;
  if (query.city) params.city = query.city;
  if (query.source) params.source = query.source;
  let [from, to] = [query.from, query.to];
  if (from && to && from > to) [from, to] = [to, from];
  const start = from ? localDay(from) : null;
  const end = to ? localDay(to) : null;
  if (start) params.createdFrom = start.toISOString();
  if (end) params.createdTo = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).toISOString();
  if (query.q.trim()) params.query = query.q.trim();
  if (query.assignee) params.assignee = query.assignee;
  return params;
}

/** The CSV export of a view: the same filters as the list. */
export function exportHref(query: LeadQuery): string {
  return `/api/contact-submissions/export.csv?${new URLSearchParams(leadQueryApiParams(query)).toString()}`;
}
