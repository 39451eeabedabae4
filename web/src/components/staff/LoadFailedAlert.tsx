import { errorMessage } from '@/lib/api-client';

/**
 * A read that failed, in the staff area: "The posts could not be loaded:
 * <why>. Try again", the button reading it again. `subject` is what could
 * not be loaded, as the sentence starts ("The posts").
 */
export function LoadFailedAlert({ subject, error, onRetry }: { subject: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="staff-alert staff-alert--error" role="alert">
      {subject} could not be loaded: {errorMessage(error)}{' '}
      <button type="button" className="staff-linkbutton" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
