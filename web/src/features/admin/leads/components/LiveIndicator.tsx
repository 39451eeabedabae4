import type { LiveStatus } from '../api/lead-events';

const TEXT: Record<LiveStatus, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live: new leads appear here as they arrive',
  reconnecting: 'Connection lost, reconnecting…',
  closed: 'Live updates are off',
};

/** Whether new leads will show up on their own, and a way to try again when not. */
export function LiveIndicator({ status, onReconnect }: { status: LiveStatus; onReconnect: () => void }) {
  return (
    <p className={`leads-live leads-live--${status}`} data-live-status={status}>
      <span className="leads-live__dot" aria-hidden="true" />
      {TEXT[status]}
      {status === 'closed' && (
        <>
          {' '}
          <button type="button" className="staff-linkbutton" onClick={onReconnect}>
            Reconnect
          </button>
        </>
      )}
    </p>
  );
}
