import { useSearchParams } from 'react-router';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import cardTableCss from '@/components/staff/card-table.css?url';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { errorMessage } from '@/lib/api-client';
import { loadedEntries, useAuditLog } from '../api/list-audit';
import { auditExportHref, hasFilters, parseAuditQuery } from '../utils/audit-query';
import auditCss from './audit.css?url';
import { AuditFilters } from './AuditFilters';
import { AuditRow } from './AuditRow';

/**
 * The Audit tab at /admin/audit (?actor=&kind=&from=&to=), for owners: who
 * did what, when and from where, newest first, a page at a time, each
 * entry opening to its changed fields; and the same entries as CSV.
 */
export function AuditTab() {
  const [params] = useSearchParams();
  const query = parseAuditQuery(params);
  const filtered = hasFilters(query);
  const log = useAuditLog(query);
  const entries = loadedEntries(log.data);
  const people = [...new Set(entries.map((e) => e.actor).filter(Boolean))].sort();
  const refresh = () => void log.refetch();
  const described = filtered ? 'the entries matching these filters' : 'every entry';

  return (
    <div className="audit-tab">
      <StaffStylesheet href={cardTableCss} />
      <StaffStylesheet href={auditCss} />
      <div className="admin-toolbar">
        <div>
          <h1>Audit log</h1>
          <p className="staff-note">
            Every change made in the staff area and every sign-in, with who, when and from where. Kept as written: no one can
            change or delete an entry.
          </p>
        </div>
        <div className="audit-toolbar__links">
          <button type="button" className="button" onClick={refresh} disabled={log.isFetching}>
            {log.isFetching && !log.isPending ? 'Refreshing…' : 'Refresh'}
            <span className="visually-hidden"> the audit log</span>
          </button>
          <a className="button" href={auditExportHref(query)} download>
            Export CSV<span className="visually-hidden"> of {described}</span>
          </a>
        </div>
      </div>

      <AuditFilters query={query} people={people} />

      {log.isPending ? (
        <Spinner label="Loading the audit log…" />
      ) : !log.data ? (
        <LoadFailedAlert subject="The audit log" error={log.error} onRetry={refresh} />
      ) : entries.length === 0 ? (
        <div className="admin-card admin-empty">
          <p>
            {filtered
              ? 'No entries match these filters. Try a longer time range, another kind of action, or clear the filters.'
              : 'Nothing has been logged yet. Sign-ins and every change made in the staff area appear here.'}
          </p>
        </div>
      ) : (
        <>
          <div className="card-table-wrap" role="region" aria-label="Audit log entries, newest first" tabIndex={0}>
            <table className="admin-table card-table audit-table">
              <caption className="visually-hidden">Audit log entries{filtered ? ' matching the filters' : ''}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Person</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Result</th>
                  <th scope="col">Where from</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </table>
          </div>
          {log.error && (
            <div className="staff-alert staff-alert--error" role="alert">
              {log.isFetchNextPageError ? 'More entries could not be loaded' : 'The audit log could not be refreshed'}:{' '}
              {errorMessage(log.error)}
            </div>
          )}
          <div className="audit-more">
            <p className="staff-note" role="status">
              {entries.length === 1 ? '1 entry' : `${entries.length} entries`} shown{log.hasNextPage ? '' : ', the oldest last'}
            </p>
            {log.hasNextPage && (
              <button type="button" className="button" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
                <span className="visually-hidden"> entries</span>
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
