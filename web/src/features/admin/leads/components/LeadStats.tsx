import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useNow } from '@/components/staff/use-now';
import { errorMessage } from '@/lib/api-client';
import { STATS_WEEKS, useLeadStats } from '../api/get-lead-stats';
import { useOverdueLeads } from '../api/get-overdue-leads';
import { formatDuration, formatMinutes, formatPromise } from '../utils/duration';
import { leadName, optionLabel, sourceLabel } from '../utils/lead-labels';
import { awaitingSummary, responseSummary, weeklyTable, type ResponseTimes, type WeeklyCount } from '../utils/stats';
import { useLeadOptions } from './lead-options';
import type { FromState } from './LeadInbox';

/** How many overdue leads the dashboard names (the oldest); the inbox's Overdue view has them all. */
const OVERDUE_SHOWN = 5;

const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'America/Phoenix' });

/**
 * /admin/leads/stats: how fast the office answers against the 24-hour
 * promise, the oldest overdue leads, and leads per week by city and by
 * source. Live like the inbox: the figures are re-read when a lead arrives
 * or changes.
 */
export function LeadStats() {
  const location = useLocation();
  const from = (location.state as FromState | null)?.from ?? '';
  const stats = useLeadStats();
  const options = useLeadOptions();
  const now = useNow();

  return (
    <div className="leads-tab lead-stats">
      <Link to={{ pathname: '/admin/leads', search: from }} className="leads-back">
        ← Back to leads
      </Link>
      <h1 className="lead-title">Lead response times</h1>
      {stats.isPending ? (
        <Spinner label="Loading the figures…" />
      ) : stats.isError ? (
        <LoadFailedAlert subject="The figures" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <p className="staff-note lead-stats__intro">
            We promise a first response within {formatPromise(stats.data.promiseMinutes)} of a request arriving. A lead
            is answered when someone changes its status or adds a note; marking it read does not count. Spam is left out.
          </p>
          <div className="stats-periods">
            <Period title="Last 7 days" times={stats.data.lastWeek} promise={stats.data.promiseMinutes} />
            <Period title="Last 30 days" times={stats.data.lastMonth} promise={stats.data.promiseMinutes} />
          </div>
          <OverdueList now={now} />
          <WeeklyTable
            title="Leads per week by city"
            keyHeading="City"
            counts={stats.data.byCity}
            now={now}
            label={(key) => (key ? optionLabel(options.cities, key) : 'No city given')}
          />
          <WeeklyTable
            title="Leads per week by source"
            keyHeading="Source"
            counts={stats.data.bySource}
            now={now}
            label={sourceLabel}
          />
        </>
      )}
    </div>
  );
}

function Period({ title, times, promise }: { title: string; times: ResponseTimes; promise: number }) {
  const id = useId();
  const awaiting = awaitingSummary(times);
  const share = times.leads > 0 ? times.withinPromise / times.leads : 0;
  return (
    <section className="admin-card stats-period" aria-labelledby={id}>
      <h2 id={id} className="lead-section__title">
        {title}
      </h2>
      <p className="stats-summary">{responseSummary(times, promise)}</p>
      {awaiting && <p className={times.overdue > 0 ? 'stats-awaiting stats-awaiting--danger' : 'stats-awaiting'}>{awaiting}</p>}
      {times.leads > 0 && (
        <div className="stats-meter" aria-hidden="true">
          <span className="stats-meter__fill" style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
      )}
      <dl className="stats-figures">
        <div>
          <dt>Leads</dt>
          <dd>{times.leads}</dd>
        </div>
        <div>
          <dt>Answered</dt>
          <dd>{times.responded}</dd>
        </div>
        <div>
          <dt>Within {formatPromise(promise)}</dt>
          <dd>
            {times.withinPromise} of {times.leads}
          </dd>
        </div>
        <div>
          <dt>Median first response</dt>
          <dd>{times.responded > 0 ? formatMinutes(times.medianMinutes) : '—'}</dd>
        </div>
        <div>
          <dt>90% answered within</dt>
          <dd>{times.responded > 0 ? formatMinutes(times.p90Minutes) : '—'}</dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd className={times.overdue > 0 ? 'stats-figures__danger' : undefined}>{times.overdue}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The oldest overdue leads first: the ones waiting longest are answered first. */
function OverdueList({ now }: { now: Date }) {
  const id = useId();
  const overdue = useOverdueLeads();
  const oldest = overdue.data ? [...overdue.data.leads].reverse().slice(0, OVERDUE_SHOWN) : [];
  const total = overdue.data?.total ?? 0;
  return (
    <section className="admin-card stats-overdue" aria-labelledby={id}>
      <h2 id={id} className="lead-section__title">
        Overdue leads, oldest first
      </h2>
      {overdue.isPending ? (
        <Spinner label="Loading overdue leads…" />
      ) : overdue.isError ? (
        <p className="staff-alert staff-alert--error" role="alert">
          The overdue leads could not be loaded: {errorMessage(overdue.error)}
        </p>
      ) : oldest.length === 0 ? (
        <p className="stats-empty">Nothing overdue: every lead has had its first response or is within its 24 hours.</p>
      ) : (
        <>
          <ol className="stats-overdue__list">
            {oldest.map((lead) => {
              const due = parseTimestamp(lead.respondBy);
              const created = parseTimestamp(lead.createdAt);
              return (
                <li key={lead.id}>
                  <Link to={`/admin/leads/${lead.id}`} state={{ from: '?filter=overdue' } satisfies FromState}>
                    {leadName(lead)}
                  </Link>
                  <span className="stats-overdue__when">
                    {created && (
                      <>
                        arrived <time dateTime={lead.createdAt} title={formatDateTime(created)}>{formatRelativeTime(created, now)}</time>
                      </>
                    )}
                    {due && ` · overdue by ${formatDuration(now.getTime() - due.getTime())}`}
                  </span>
                </li>
              );
            })}
          </ol>
          <p>
            <Link to={{ pathname: '/admin/leads', search: '?filter=overdue' }}>
              {total === 1 ? 'Open the overdue lead in the inbox' : `See all ${total} overdue leads in the inbox`}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

type WeeklyTableProps = {
  title: string;
  keyHeading: string;
  counts: readonly WeeklyCount[];
  now: Date;
  label: (key: string) => string;
};

/** Weeks down, the busiest cities or sources across; the total of each week with a bar to compare weeks at a glance. */
function WeeklyTable({ title, keyHeading, counts, now, label }: WeeklyTableProps) {
  const id = useId();
  const table = weeklyTable(counts, now, STATS_WEEKS, 4);
  const none = table.rows.every((r) => r.total === 0);
  return (
    <section className="admin-card stats-weekly" aria-labelledby={id}>
      <h2 id={id} className="lead-section__title">
        {title}
      </h2>
      {none ? (
        <p className="stats-empty">No leads in the last {STATS_WEEKS} weeks.</p>
      ) : (
        <div className="stats-table-wrap" role="region" aria-label={`${title}: table`} tabIndex={0}>
          <table className="admin-table stats-table">
            <caption className="visually-hidden">
              {title}, newest week first. {keyHeading} columns: the {table.keys.length} with the most leads
              {table.hasOther ? ', the rest under Other' : ''}. Weeks begin Monday, Phoenix time; spam is left out.
            </caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                {table.keys.map((key) => (
                  <th scope="col" key={key}>
                    {label(key)}
                  </th>
                ))}
                {table.hasOther && <th scope="col">Other</th>}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.weekStart.getTime()}>
                  <th scope="row">
                    <time dateTime={row.weekStart.toISOString()}>{weekFormat.format(row.weekStart)}</time>
                  </th>
                  {row.counts.map((n, i) => (
                    <td key={table.keys[i]} className={n === 0 ? 'stats-zero' : undefined}>
                      {n}
                    </td>
                  ))}
                  {table.hasOther && <td className={row.other === 0 ? 'stats-zero' : undefined}>{row.other}</td>}
                  <td className="stats-total">
                    <span className="stats-total__n">{row.total}</span>
                    <span className="stats-bar" aria-hidden="true">
                      <span className="stats-bar__fill" style={{ width: `${(row.total / table.max) * 100}%` }} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
