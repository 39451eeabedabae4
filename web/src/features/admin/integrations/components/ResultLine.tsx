/** What a send or a resend came to, for the line under its button. */
export type SendResult = { ok: boolean; text: string };

/**
 * The result of an action, in a polite live region that is there (empty)
 * before the result, so screen readers announce the result when it comes.
 */
export function ResultLine({ result, testId }: { result: SendResult | null; testId?: string }) {
  const tone = result ? ` integrations-result--${result.ok ? 'ok' : 'failed'}` : '';
  return (
    <p className={`integrations-result${tone}`} role="status" data-testid={testId}>
      {result?.text}
    </p>
  );
}
