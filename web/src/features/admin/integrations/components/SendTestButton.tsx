import { useState } from 'react';
import { serverMessage } from '@/lib/api-errors';
import { errorMessage } from '@/lib/api-client';
import { useSendTest } from '../api/send-test';
import { attemptOk, sendResultText } from '../utils/webhook-labels';
import { ResultLine, type SendResult } from './ResultLine';

/**
 * Send test: a sample lead, marked as a test, sent to the endpoint now.
 * The answer (its status code or why none came, and how long it took)
 * shows beside the button in a polite live region.
 */
export function SendTestButton({ endpointId, name }: { endpointId: string; name: string }) {
  const send = useSendTest();
  const [result, setResult] = useState<SendResult | null>(null);
  const onClick = () => {
    setResult(null);
    send.mutate(endpointId, {
      onSuccess: (delivery) => {
        const attempt = delivery.lastAttempt;
        setResult({ ok: attempt !== null && attemptOk(attempt), text: `Test ${sendResultText(attempt).replace(/^./, (c) => c.toLowerCase())}` });
      },
      onError: (err) => setResult({ ok: false, text: `The test could not be sent: ${serverMessage(err) ?? errorMessage(err)}` }),
    });
  };
  return (
    <div className="integrations-test">
      <button type="button" className="button button--small" onClick={onClick} disabled={send.isPending}>
        {send.isPending ? 'Sending test…' : 'Send test'}
        <span className="visually-hidden"> to {name}</span>
      </button>
      <ResultLine result={result} testId="webhook-test-result" />
    </div>
  );
}
