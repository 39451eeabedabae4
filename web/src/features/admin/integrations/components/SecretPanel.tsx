import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { ShownOnce } from '@/components/staff/ShownOnce';

/** A secret the server has just shown: for a new endpoint, or after a rotation. */
export type ShownSecret = {
  endpointId: string;
  secret: string;
  kind: 'created' | 'rotated';
  /** After a rotation: until when the old secret still signs (RFC 3339). */
  previousExpiresAt: string;
};

type SecretPanelProps = { shown: ShownSecret; onDismiss: () => void };

/** The signing secret, shown this once (ShownOnce), with what the receiver does with it. */
export function SecretPanel({ shown, onDismiss }: SecretPanelProps) {
  const until = parseTimestamp(shown.previousExpiresAt);
  return (
    <ShownOnce
      title={shown.kind === 'created' ? 'The endpoint’s signing secret' : 'The new signing secret'}
      value={shown.secret}
      valueLabel="Signing secret"
      dismissLabel="I have saved the secret"
      onDismiss={onDismiss}
      testId="webhook-secret-panel"
      valueTestId="webhook-secret"
    >
      <p>
        <strong>Copy it now: it will not be shown again.</strong> Give it to the receiver, which uses it to check the{' '}
        <code>webhook-signature</code> header of each delivery.
      </p>
      {shown.kind === 'rotated' && (
        <p>
          The old secret keeps working for 24 hours
          {until && (
            <>
              {' '}
              (until <time dateTime={shown.previousExpiresAt}>{formatDateTime(until)}</time>)
            </>
          )}
          : every delivery until then carries both signatures, so the receiver can switch without missing one.
        </p>
      )}
    </ShownOnce>
  );
}
