import { useId, useState, type FormEvent } from 'react';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { useResendDeliveries } from '../api/resend-deliveries';
import { defaultSince, fromLocalInput, sinceProblem, toLocalInput } from '../utils/resend-since';
import { queuedText } from '../utils/webhook-labels';
import { ResultLine, type SendResult } from './ResultLine';

/** The browser's time zone, which the datetime-local input is in ("America/Phoenix"). */
function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'your local time';
  } catch {
    return 'your local time';
  }
}

/**
 * "Resend since…": every delivery of the endpoint created at or after a
 * time that did not succeed (or every one) is queued again, oldest first,
 * its retry schedule started over. Says how many were queued.
 */
export function ResendSinceForm({ endpointId, announce }: { endpointId: string; announce: (message: string) => void }) {
  const id = useId();
  const resend = useResendDeliveries();
  const [since, setSince] = useState(() => defaultSince(new Date()));
  const [includeDelivered, setIncludeDelivered] = useState(false);
  const [problem, setProblem] = useState('');
  const [result, setResult] = useState<SendResult | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const now = new Date();
    const wrong = sinceProblem(since, now);
    setProblem(wrong ?? '');
    setResult(null);
    const date = fromLocalInput(since);
    if (wrong || !date) {
      document.getElementById(`${id}-since`)?.focus();
      return;
    }
    resend.mutate(
      { endpointId, since: date, includeDelivered },
      {
        onSuccess: (queued) => {
          setResult({ ok: true, text: queuedText(queued) });
          if (queued > 0) announce('The delivery log is refreshed.');
        },
        onError: (err) => setResult({ ok: false, text: `Nothing was queued: ${serverMessage(err) ?? errorMessage(err)}` }),
      },
    );
  };

  return (
    <section className="admin-card integrations-resend" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="integrations-section-title">
        Resend since…
      </h2>
      <p className="staff-note">
        Sends again every delivery since the time you choose that did not succeed (or every one), oldest first, each with
        its retries started over. Useful after the receiver was down or rejected deliveries by mistake.
      </p>
      <form className="integrations-resend__form" noValidate onSubmit={onSubmit}>
        <div className="staff-field">
          <label htmlFor={`${id}-since`}>Since</label>
          <input
            id={`${id}-since`}
            type="datetime-local"
            value={since}
            max={toLocalInput(new Date())}
            onChange={(e) => setSince(e.currentTarget.value)}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy(`${id}-since-hint`, problem && `${id}-since-error`)}
          />
          <p id={`${id}-since-hint`} className="staff-field__hint">
            In {timeZoneName()}.
          </p>
          <FieldError id={`${id}-since-error`} message={problem} announce />
        </div>
        <label className="integrations-check">
          <input type="checkbox" checked={includeDelivered} onChange={(e) => setIncludeDelivered(e.currentTarget.checked)} />
          <span>Include deliveries that were delivered</span>
        </label>
        <div>
          <button type="submit" className="button" disabled={resend.isPending}>
            {resend.isPending ? 'Queuing…' : 'Resend deliveries'}
          </button>
        </div>
      </form>
      <ResultLine result={result} testId="webhook-resend-since-result" />
    </section>
  );
}
