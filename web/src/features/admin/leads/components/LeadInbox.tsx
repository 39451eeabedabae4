import { useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useNow } from '@/components/staff/use-now';
import { errorMessage } from '@/lib/api-client';
import { useLeadCounts } from '../api/get-lead-counts';
import type { LiveStatus } from '../api/lead-events';
import { useLeads, type Lead } from '../api/list-leads';
import { useLoadedLeads } from '../api/loaded-leads';
import { issueLabels, LEAD_FILTERS, leadName, optionLabel, type LeadFilter } from '../utils/lead-labels';
import { exportHref, hasNarrowing, leadQuerySearch, parseLeadQuery } from '../utils/lead-query';
import { isOverdue, replyDueText } from '../utils/reply-due';
import { seenValues } from '../utils/seen-values';
import { BulkBar } from './BulkBar';
import { LeadFilters } from './LeadFilters';
import { useLeadOptions, useStaffEmail } from './lead-options';
import { LiveIndicator } from './LiveIndicator';
import { ReadToggle } from './ReadToggle';
import { SpanishBadge } from './SpanishBadge';
import { StatusBadge } from './StatusBadge';

const EMPTY: Record<LeadFilter, string> = {
  all: 'No leads yet. Requests from the website’s forms appear here the moment they arrive.',
  unread: 'No unread leads. You’re all caught up.',
  overdue:
    'Nothing overdue: every lead still awaiting a first response is within the 24-hour reply promise. A lead is answered once someone changes its status or adds a note; marking it read is not enough.',
  spam: 'No spam caught.',
};

/** Where a lead's page leads back to: the inbox view it was opened from. */
export type FromState = { from?: string };

/**
 * The inbox: newest first, as the query string says (?filter=unread&status=won&q=…),
 * live. Leads can be selected and changed together.
 */
export function LeadInbox({
  live,
  arrived,
}: {
  live: { status: LiveStatus; reconnect: () => void };
  arrived: ReadonlySet<string>;
}) {
  const [params] = useSearchParams();
  const query = parseLeadQuery(params);
  const search = leadQuerySearch(query);
  const narrowed = hasNarrowing(query);
  const filter = query.filter;
  const filterLabel = LEAD_FILTERS.find((f) => f.value === filter)?.label ?? 'All';
  const leads = useLeads(query);
  const counts = useLeadCounts();
  const me = useStaffEmail();
  const now = useNow();
  const all = leads.data?.pages.flatMap((p) => p.submissions) ?? [];
  const seen = seenValues(useLoadedLeads(), me ? [me] : []);
  const countOf = (f: LeadFilter) =>
    f === 'unread' ? counts.data?.unread : f === 'overdue' ? counts.data?.overdue : undefined;

  // The selection belongs to the view it was made in; a lead that left the
  // view (marked read in Unread) leaves the selection with it.
  const [selection, setSelection] = useState<{ search: string; ids: ReadonlySet<string> }>({ search, ids: new Set() });
  const shownIds = all.map((l) => l.id);
  const selected = new Set(selection.search === search ? shownIds.filter((id) => selection.ids.has(id)) : []);
  const select = (ids: ReadonlySet<string>) => setSelection({ search, ids });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    select(next);
  };
  const description = `${filterLabel.toLowerCase()} leads${narrowed ? ' matching the search and filters' : ''}`;

  return (
    <div className="leads-tab">
      <div className="admin-toolbar">
        <div>
          <h1>Leads</h1>
          <LiveIndicator status={live.status} onReconnect={live.reconnect} />
        </div>
        <div className="leads-toolbar__links">
          <Link className="button" to="/admin/leads/stats" state={{ from: search } satisfies FromState}>
            Response times
          </Link>
          <a className="button" href={exportHref(query)} download>
            Export CSV<span className="visually-hidden"> of {description}</span>
          </a>
        </div>
      </div>

      <nav aria-label="Lead filters" className="leads-filters">
        <ul role="list">
          {LEAD_FILTERS.map((f) => {
            const count = countOf(f.value);
            return (
              <li key={f.value}>
                <Link
                  to={{ pathname: '/admin/leads', search: leadQuerySearch({ ...query, filter: f.value }) }}
                  className="leads-filter"
                  aria-current={f.value === filter ? 'page' : undefined}
                >
                  {f.label}
                  {count !== undefined && (
                    <span className={f.value === 'overdue' && count > 0 ? 'leads-filter__count leads-filter__count--danger' : 'leads-filter__count'}>
                      {count}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {filter === 'overdue' && (
        <p className="staff-note leads-view-note">
          Overdue: more than 24 hours since it arrived and no first response yet (no status change and no note).
          Marking a lead read does not answer it.
        </p>
      )}

      <LeadFilters query={query} seen={seen} />

      {leads.isPending ? (
        <Spinner label="Loading leads…" />
      ) : !leads.data ? (
        <LoadFailedAlert subject="The leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : all.length === 0 ? (
        <div className="admin-card admin-empty">
          <p>{narrowed ? 'No leads match this search and these filters.' : EMPTY[filter]}</p>
        </div>
      ) : (
        <>
          <BulkBar shownIds={shownIds} selected={selected} onSelect={select} />
          <div className="leads-table-wrap" role="region" aria-label={`${filterLabel} leads`} tabIndex={0}>
            <table className="admin-table leads-table">
              <caption className="visually-hidden">{filterLabel} leads, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Selected</span>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Read status</span>
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Contact</th>
                  <th scope="col">City</th>
                  <th scope="col">Issues</th>
                  <th scope="col">Received</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {all.map((lead) => (
                  <LeadRow
                    key={lead.id}
                    lead={lead}
                    now={now}
                    isNew={arrived.has(lead.id)}
                    selected={selected.has(lead.id)}
                    onToggle={() => toggle(lead.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {leads.error && (
            <div className="staff-alert staff-alert--error" role="alert">
              {leads.isFetchNextPageError ? 'More leads could not be loaded' : 'The leads could not be refreshed'}:{' '}
              {errorMessage(leads.error)}
            </div>
          )}
          <div className="leads-more">
            <p className="staff-note">
              {all.length === 1 ? '1 lead' : `${all.length} leads`} shown{leads.hasNextPage ? '' : ', the oldest last'}
            </p>
            {leads.hasNextPage && (
              <button
                type="button"
                className="button"
                onClick={() => void leads.fetchNextPage()}
                disabled={leads.isFetchingNextPage}
              >
                {leads.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

type LeadRowProps = { lead: Lead; now: Date; isNew: boolean; selected: boolean; onToggle: () => void };

function LeadRow({ lead, now, isNew, selected, onToggle }: LeadRowProps) {
  const options = useLeadOptions();
  const navigate = useNavigate();
  const location = useLocation();
  const created = parseTimestamp(lead.createdAt);
  const overdue = isOverdue(lead, now);
  const due = replyDueText(lead, now);
  const issues = issueLabels(lead.issues, lead.formVariant, options);
  const name = leadName(lead);
  const to = `/admin/leads/${lead.id}`;
  const state: FromState = { from: location.search };
  // The whole row opens the lead for a mouse; the name is the link for keyboards and screen readers.
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>) => {
    if ((e.target as HTMLElement).closest('a, button, input, textarea, select, label')) return;
    if (window.getSelection()?.toString()) return; // selecting text to copy is not a click
    navigate(to, { state });
  };
  const classes = [
    'leads-row',
    !lead.isRead && 'leads-row--unread',
    overdue && 'leads-row--overdue',
    isNew && 'leads-row--new',
    selected && 'leads-row--selected',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <tr className={classes} onClick={onRowClick} data-lead-id={lead.id}>
      <td className="leads-row__select">
        <label className="leads-select">
          <input type="checkbox" checked={selected} onChange={onToggle} />
          <span className="visually-hidden">Select {name}</span>
        </label>
      </td>
      <td className="leads-row__status">
        {!lead.isRead && (
          <span className="leads-dot" title="Unread">
            <span className="visually-hidden">Unread</span>
          </span>
        )}
      </td>
      <td className="leads-row__main">
        <Link to={to} state={state} className="leads-row__name">
          {name}
        </Link>
        <div className="leads-badges">
          {isNew && <span className="lead-badge lead-badge--new">Just in</span>}
          {overdue && (
            <span className="lead-badge lead-badge--overdue" title={due ?? undefined}>
              Overdue
            </span>
          )}
          {lead.duplicateOf && <span className="lead-badge">Possible duplicate</span>}
          <SpanishBadge language={lead.language} />
        </div>
      </td>
      <td className="leads-row__pipeline">
        <StatusBadge status={lead.isSpam ? 'spam' : lead.status} />
        {lead.assignee && (
          <span className="leads-row__assignee">
            <span className="visually-hidden">Assigned to </span>
            {lead.assignee}
          </span>
        )}
      </td>
      <td className="leads-row__contact">
        <span>{lead.email}</span>
        <span>{lead.phone}</span>
      </td>
      <td className="leads-row__city">
        {lead.city ? optionLabel(options.cities, lead.city) : <span className="lead-none">—</span>}
      </td>
      <td className="leads-row__issues">{issues.length > 0 ? issues.join(', ') : <span className="lead-none">—</span>}</td>
      <td className="leads-row__received">
        {created && (
          <>
            <time dateTime={lead.createdAt} title={formatDateTime(created)}>
              {formatRelativeTime(created, now)}
            </time>
            <span className="leads-row__abs">{formatDateTime(created)}</span>
          </>
        )}
      </td>
      <td className="leads-row__actions">
        <ReadToggle lead={lead} compact />
      </td>
    </tr>
  );
}
