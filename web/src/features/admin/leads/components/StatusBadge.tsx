import { statusLabel } from '../utils/lead-labels';

/** The lead's pipeline status as a badge; each status has its own colour, and its word says it all. */
export function StatusBadge({ status }: { status: string }) {
  const known = ['new', 'contacted', 'scheduled', 'won', 'lost', 'spam'].includes(status) ? status : 'new';
  return <span className={`lead-status lead-status--${known}`}>{statusLabel(status)}</span>;
}
