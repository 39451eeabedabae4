import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { ShownOnce } from '@/components/staff/ShownOnce';

/** A set-password link the server has just made, for the member it belongs to. */
export type ShownLink = { memberId: string; username: string; url: string; expiresAt: string };

/**
 * The one-time set-password link, shown this once (ShownOnce): whom to send
 * it to, that it works once and until when, and that whoever holds it can
 * set the password.
 */
export function LinkPanel({ shown, onDismiss }: { shown: ShownLink; onDismiss: () => void }) {
  const expires = parseTimestamp(shown.expiresAt);
  return (
    <ShownOnce
      title="Their set-password link"
      value={shown.url}
      valueLabel="Set-password link"
      dismissLabel="I have sent the link"
      onDismiss={onDismiss}
      testId="set-password-link-panel"
      valueTestId="set-password-link"
    >
      <p>
        <strong>Copy it now: it will not be shown again.</strong> Send it to {shown.username} yourself, by e-mail or
        text message: the site does not send it. With it they choose their password and are signed in.
      </p>
      <p>
        It works once
        {expires && (
          <>
            , until <time dateTime={shown.expiresAt}>{formatDateTime(expires)}</time>
          </>
        )}
        . Anyone who has it can set the password, so send it to them only. If it is lost or runs out, make a new one
        here: the old one stops working.
      </p>
    </ShownOnce>
  );
}
