import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { Spinner } from '@/components/staff/Spinner';
import { errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { useDelivery } from '../api/get-delivery';
import { useResendDelivery } from '../api/resend-delivery';
import type { WebhookAttempt, WebhookDelivery } from '../api/webhook-json';
import {
  attemptOk,
  deliveryEventLabel,
  deliveryStatusLabel,
  formatLatency,
  sendResultText,
  UNDER_WAY,
} from '../utils/webhook-labels';
import { ResultLine, type SendResult } from './ResultLine';

/** The log's columns: the attempts row spans them all. */
const COLUMNS = 9;

/** A status's colours: the staff kit's green and amber, and red for a failure. */
const STATUS_CLASS: Record<string, string> = {
  delivered: 'admin-status--published',
  pending: 'admin-status--scheduled',
  failed: 'integrations-status--failed',
};

type DeliveryRowProps = { delivery: WebhookDelivery; now: Date; announce: (message: string) => void };

/**
 * One delivery (its own tbody): when, what, for which lead, where it
 * stands and the last answer; it opens to its attempts and can be sent
 * again now.
 */
export function DeliveryRow({ delivery, now, announce }: DeliveryRowProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const resend = useResendDelivery();
  const [result, setResult] = useState<SendResult | null>(null);
  const created = parseTimestamp(delivery.createdAt);
  const next = parseTimestamp(delivery.nextAttemptAt);
  const last = delivery.lastAttempt;
  const when = created ? formatDateTime(created) : 'an unknown time';
  const status = delivery.status || 'pending';

  const onResend = () => {
    setResult(null);
    resend.mutate(
      { endpointId: delivery.endpointId, id: delivery.id },
      {
        onSuccess: (sent) => {
          const attempt = sent.lastAttempt;
          setResult({ ok: attempt !== null && attemptOk(attempt), text: `Resent. ${sendResultText(attempt)}` });
          announce(`Delivery of ${when} resent`);
        },
        onError: (err) => setResult({ ok: false, text: `It could not be resent: ${serverMessage(err) ?? errorMessage(err)}` }),
      },
    );
  };

  return (
    <tbody className="integrations-delivery" data-delivery-id={delivery.id} data-status={status}>
      <tr className="integrations-row card-table__row">
        <td data-label="Time" className="integrations-row__time">
          {created ? (
            <time dateTime={delivery.createdAt} title={formatRelativeTime(created, now)}>
              {formatDateTime(created)}
            </time>
          ) : (
            '—'
          )}
        </td>
        <td data-label="Event">
          {deliveryEventLabel(delivery.event)}
          {delivery.test && <span className="integrations-badge integrations-badge--test">Test</span>}
        </td>
        <td data-label="Lead">
          {delivery.leadId ? (
            <Link to={`/admin/leads/${delivery.leadId}`} title={delivery.leadId}>
              <span className="visually-hidden">Lead </span>
              {delivery.leadId.slice(0, 8)}
            </Link>
          ) : delivery.test ? (
            'Sample lead'
          ) : (
            '—'
          )}
        </td>
        <td data-label="Status">
          <span className={`admin-status ${STATUS_CLASS[status] ?? ''}`}>
            {deliveryStatusLabel(status)}
          </span>
        </td>
        <td data-label="Attempts">{delivery.attempts}</td>
        <td data-label="Last answer">{last ? answerText(last) : '—'}</td>
        <td data-label="Latency">{last && !last.inProgress ? formatLatency(last.latencyMs) : '—'}</td>
        <td data-label="Next attempt">
          {status === 'pending' && next ? (
            <time dateTime={delivery.nextAttemptAt} title={formatDateTime(next)}>
              {formatRelativeTime(next, now)}
            </time>
          ) : (
            '—'
          )}
        </td>
        <td className="integrations-row__actions card-table__wide">
          <div className="integrations-row__buttons">
            <button
              type="button"
              className="button button--small"
              aria-expanded={open}
              aria-controls={open ? `${id}-attempts` : undefined}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Hide attempts' : 'Attempts'}
              <span className="visually-hidden"> of the delivery of {when}</span>
            </button>
            <button type="button" className="button button--small" onClick={onResend} disabled={resend.isPending}>
              {resend.isPending ? 'Resending…' : 'Resend'}
              <span className="visually-hidden"> the delivery of {when}</span>
            </button>
          </div>
          <ResultLine result={result} />
        </td>
      </tr>
      {open && (
        <tr className="card-table__details" id={`${id}-attempts`}>
          <td colSpan={COLUMNS}>
            <AttemptList endpointId={delivery.endpointId} id={delivery.id} />
          </td>
        </tr>
      )}
    </tbody>
  );
}

/** "HTTP 204", "No answer" when none came, or "Under way" while it is being sent. */
function answerText(a: WebhookAttempt): string {
  if (a.inProgress) return 'Under way';
  return a.statusCode > 0 ? `HTTP ${a.statusCode}` : 'No answer';
}

/** A delivery's attempts, oldest first, each with the start of the receiver's answer. */
function AttemptList({ endpointId, id }: { endpointId: string; id: string }) {
  const detail = useDelivery(endpointId, id, true);
  if (detail.isPending) return <Spinner label="Loading the attempts…" />;
  if (!detail.data) return <LoadFailedAlert subject="The attempts" error={detail.error} onRetry={() => void detail.refetch()} />;
  const { attempts, delivery } = detail.data;
  return (
    <div className="integrations-attempts">
      <p className="integrations-attempts__id">
        Webhook id <code>{delivery.id || id}</code>
      </p>
      {attempts.length === 0 ? (
        <p className="staff-note">Not attempted yet.</p>
      ) : (
        <ol className="integrations-attempts__list" aria-label="Attempts, oldest first">
          {attempts.map((a) => (
            <Attempt key={a.number} attempt={a} />
          ))}
        </ol>
      )}
    </div>
  );
}

function Attempt({ attempt }: { attempt: WebhookAttempt }) {
  const at = parseTimestamp(attempt.at);
  const ok = attemptOk(attempt);
  return (
    <li className="integrations-attempt" data-attempt={attempt.number}>
      <p className="integrations-attempt__head">
        <strong>Attempt {attempt.number}</strong>
        {at && <time dateTime={attempt.at}>{formatDateTime(at)}</time>}
        {attempt.inProgress ? (
          <span>{UNDER_WAY}</span>
        ) : (
          <>
            <span className={ok ? 'integrations-result--ok' : 'integrations-result--failed'}>
              {answerText(attempt)}
              {ok ? ' (delivered)' : ' (failed)'}
            </span>
            <span>{formatLatency(attempt.latencyMs)}</span>
          </>
        )}
      </p>
      {attempt.error && <p className="integrations-attempt__error">{attempt.error}</p>}
      {attempt.response && (
        <figure className="integrations-attempt__answer">
          <figcaption>The answer (first 1 KB)</figcaption>
          <pre>{attempt.response}</pre>
        </figure>
      )}
    </li>
  );
}
