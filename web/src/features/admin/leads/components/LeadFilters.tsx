import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { optionLabel, PIPELINE_STATUSES, sourceLabel, DIRECT_SOURCE, parsePipelineStatus } from '../utils/lead-labels';
import { hasNarrowing, leadQuerySearch, searchTooShort, SHORT_SEARCH_MESSAGE, UNASSIGNED, type LeadQuery } from '../utils/lead-query';
import type { SeenValues } from '../utils/seen-values';
import { useLeadOptions, useStaffEmail } from './lead-options';

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 350;

/**
 * Search and the status, city, source, assignee and date filters. Each
 * choice goes into the address (a new history entry, so Back undoes it);
 * the search box writes once typing pauses, replacing the entry while the
 * words are being refined.
 */
export function LeadFilters({ query, seen }: { query: LeadQuery; seen: SeenValues }) {
  const navigate = useNavigate();
  const options = useLeadOptions();
  const me = useStaffEmail();
  const id = useId();
  const [text, setText] = useState(query.q);
  // The words last written to the address: a different q there came from
  // Back/Forward or a link, and replaces what the box shows.
  const written = useRef(query.q);
  useEffect(() => {
    if (query.q !== written.current) {
      written.current = query.q;
      setText(query.q);
    }
  }, [query.q]);

  const go = (next: LeadQuery, replace = false) =>
    navigate({ pathname: '/admin/leads', search: leadQuerySearch(next) }, { replace });

  // A word the server cannot look up (under 3 letters or digits) is not
  // sent: the hint says why, and the last search stays.
  const tooShort = searchTooShort(text);
  useEffect(() => {
    if (text.trim() === query.q.trim() || tooShort) return;
    const timer = setTimeout(() => {
      written.current = text.trim();
      // Refining a search replaces its entry; starting or clearing one is a step of its own.
      go({ ...query, q: text.trim() }, query.q.trim() !== '' && text.trim() !== '');
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the text schedules a search; go and query are new each render
  }, [text]);

  const set = (change: Partial<LeadQuery>) => go({ ...query, ...change });
  // The current value is always offered, even when no loaded lead has it (a shared link).
  const cities = [...new Set([...options.cities.map((c) => c.value), ...seen.cities, query.city].filter(Boolean))];
  const sources = [...new Set([DIRECT_SOURCE, ...seen.sources, query.source].filter(Boolean))];
  const assignees = [...new Set([...seen.assignees, query.assignee].filter((a) => a && a !== me && a !== UNASSIGNED))];

  return (
    <form className="leads-search" role="search" aria-label="Search and filter leads" onSubmit={(e) => e.preventDefault()}>
      <div className="staff-field leads-search__words">
        <label htmlFor={`${id}-q`}>Search leads</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={200}
          autoComplete="off"
          aria-describedby={`${id}-q-hint`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && text.trim() !== query.q.trim() && !tooShort) {
              written.current = text.trim();
              go({ ...query, q: text.trim() });
            }
          }}
        />
        <p id={`${id}-q-hint`} className="staff-field__hint" aria-live="polite">
          {tooShort
            ? SHORT_SEARCH_MESSAGE
            : 'Name, phone, e-mail, address, city or words from the description. Every word must match.'}
        </p>
      </div>
      <div className="leads-search__fields">
        <div className="staff-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} value={query.status} onChange={(e) => set({ status: parsePipelineStatus(e.target.value) })}>
            <option value="">Any status</option>
            {PIPELINE_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-city`}>City</label>
          <select id={`${id}-city`} value={query.city} onChange={(e) => set({ city: e.target.value })}>
            <option value="">Any city</option>
            {cities.map((c) => (
              <option key={c} value={c}>
                {optionLabel(options.cities, c)}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-source`}>Source</label>
          <select id={`${id}-source`} value={query.source} onChange={(e) => set({ source: e.target.value })}>
            <option value="">Any source</option>
            {sources.map((s) => (
              <option key={s} value={s}>
                {sourceLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-assignee`}>Assigned to</label>
          <select id={`${id}-assignee`} value={query.assignee} onChange={(e) => set({ assignee: e.target.value })}>
            <option value="">Anyone or nobody</option>
            {me && <option value={me}>Me ({me})</option>}
            <option value={UNASSIGNED}>Nobody yet</option>
            {assignees.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-from`}>Received from</label>
          <input id={`${id}-from`} type="date" value={query.from} max={query.to || undefined} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-to`}>Received to (included)</label>
          <input id={`${id}-to`} type="date" value={query.to} min={query.from || undefined} onChange={(e) => set({ to: e.target.value })} />
        </div>
      </div>
      {hasNarrowing(query) && (
        <p className="leads-search__clear">
          <Link to={{ pathname: '/admin/leads', search: leadQuerySearch({ ...query, q: '', status: '', city: '', source: '', from: '', to: '', assignee: '' }) }}>
            Clear search and filters
          </Link>
        </p>
      )}
    </form>
  );
}
