import { useId, useState } from 'react';
import { Fact, Facts } from '@/components/staff/Facts';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import type { AuditEntry } from '../api/list-audit';
import { actionLabel, changeRows, resultOf, shortUserAgent, type ChangeRow } from '../utils/audit-labels';

/** The log's columns: the details row spans them all. */
const AUDIT_COLUMNS = 7;

/** "Saturday, November 28, 2026 at 6:26:03 AM MST": the whole moment, with its time zone. */
export function fullTimestamp(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long', timeZone }).format(date);
}

/**
 * One entry (its own tbody, a card on a phone): when, who, what in words,
 * to what, the result and where from. It opens to its details: the whole
 * time and user agent, and each changed field as before → after. Every
 * logged value is rendered as text.
 */
export function AuditRow({ entry, defaultOpen = false }: { entry: AuditEntry; defaultOpen?: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const at = parseTimestamp(entry.at);
  const action = actionLabel(entry.kind);
  const result = resultOf(entry.status);
  const agent = shortUserAgent(entry.userAgent);
  const changes = changeRows(entry.changes);
  const when = at ? formatDateTime(at) : 'an unknown time';

  return (
    <tbody className="audit-entry" data-entry-id={entry.id} data-kind={entry.kind}>
      <tr className="audit-row card-table__row">
        <td data-label="Time" className="audit-row__time">
          {at ? (
            <time dateTime={entry.at} title={fullTimestamp(at)}>
              {formatDateTime(at)}
            </time>
          ) : (
            '—'
          )}
        </td>
        <td data-label="Person" className="audit-row__person card-table__wide">
          {entry.actor || '—'}
        </td>
        <td data-label="Action" className="audit-row__action">
          {action}
          {changes.length > 0 && (
            <span className="audit-row__count">
              {changes.length === 1 ? '1 field' : `${changes.length} fields`}
            </span>
          )}
        </td>
        <td data-label="Target" className="audit-row__target card-table__wide">
          {entry.target || '—'}
        </td>
        <td data-label="Result">
          <span className={`admin-status ${result.ok ? 'admin-status--published' : 'audit-status--refused'}`}>{result.text}</span>
        </td>
        <td data-label="Where from" className="audit-row__from card-table__wide">
          <span>{entry.ip || '—'}</span>
          {agent && <span title={entry.userAgent}>{agent}</span>}
        </td>
        <td className="audit-row__actions card-table__wide">
          <button
            type="button"
            className="button button--small"
            aria-expanded={open}
            aria-controls={open ? `${id}-details` : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide details' : 'Details'}
            <span className="visually-hidden">
              {' '}
              of “{action}” by {entry.actor || 'someone unknown'}, {when}
            </span>
          </button>
        </td>
      </tr>
      {open && (
        <tr className="card-table__details" id={`${id}-details`}>
          <td colSpan={AUDIT_COLUMNS}>
            <AuditDetails entry={entry} changes={changes} />
          </td>
        </tr>
      )}
    </tbody>
  );
}

function AuditDetails({ entry, changes }: { entry: AuditEntry; changes: ChangeRow[] }) {
  const at = parseTimestamp(entry.at);
  return (
    <div className="audit-details">
      {changes.length === 0 ? (
        <p className="staff-note">No changed fields were logged for this action.</p>
      ) : (
        <dl className="audit-changes" aria-label="Changed fields, before → after">
          {changes.map((c) => (
            <div key={c.field} className="audit-change" data-field={c.field}>
              <dt>{c.name}</dt>
              <dd>
                <ChangeValue side="Before" present={c.hasBefore} text={c.before} />
                <span className="audit-change__arrow" aria-hidden="true">
                  →
                </span>
                <ChangeValue side="After" present={c.hasAfter} text={c.after} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Facts>
        <Fact label="When">{at ? fullTimestamp(at) : entry.at || '—'}</Fact>
        <Fact label="Status">{entry.status > 0 ? `HTTP ${entry.status}` : '—'}</Fact>
        <Fact label="Address">{entry.ip || '—'}</Fact>
        <Fact label="User agent" wide>
          {entry.userAgent || '—'}
        </Fact>
        {entry.actorId && <Fact label="Account id">{entry.actorId}</Fact>}
        <Fact label="Entry">{entry.id || '—'}</Fact>
      </Facts>
    </div>
  );
}

/** One side of a change: its value as text, or why there is none (created, deleted, emptied). */
function ChangeValue({ side, present, text }: { side: 'Before' | 'After'; present: boolean; text: string }) {
  const shown = !present ? '(none)' : text === '' ? '(empty)' : text;
  const cls = `audit-change__value audit-change__value--${side.toLowerCase()}${present && text !== '' ? '' : ' audit-change__value--none'}`;
  return (
    <span className={cls}>
      <span className="visually-hidden">{side}: </span>
      {shown}
    </span>
  );
}
