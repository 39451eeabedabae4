// SPEC §1/§9: every lead is promised a reply within 24 hours. The server
// stores respondBy = createdAt + 24 h. A lead is answered by its first
// response: the first status change or note staff record (firstResponseAt).
// Marking it read is not an answer. It is overdue while it awaits that
// first response (and is not spam) past respondBy.
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { formatDuration } from './duration';

export type ReplyFacts = { isSpam: boolean; respondBy: string; firstResponseAt?: string | null };

/** Whether the lead still waits for staff to answer it (spam waits for nobody). */
export function awaitsResponse(lead: ReplyFacts): boolean {
  return !lead.isSpam && !parseTimestamp(lead.firstResponseAt);
}

export function isOverdue(lead: ReplyFacts, now: Date): boolean {
  const due = parseTimestamp(lead.respondBy);
  return awaitsResponse(lead) && due !== null && now.getTime() > due.getTime();
}

/** "Reply due in 5 hours", "Reply was due 3 hours ago", or null once answered or for spam. */
export function replyDueText(lead: ReplyFacts, now: Date): string | null {
  const due = parseTimestamp(lead.respondBy);
  if (!awaitsResponse(lead) || !due) return null;
  const when = formatRelativeTime(due, now);
  return isOverdue(lead, now) ? `Reply was due ${when}` : `Reply due ${when}`;
}

/**
 * The lead's first response against the promise: "First response: 2 h 14 min
 * after it arrived", or "Awaiting a first response — due by Nov 22, 2026,
 * 3:04 PM" ("— overdue since …" once past it); null for spam.
 */
export function firstResponseText(lead: ReplyFacts & { createdAt: string }, now: Date, timeZone?: string): string | null {
  const answered = parseTimestamp(lead.firstResponseAt);
  const created = parseTimestamp(lead.createdAt);
  if (answered && created) {
    const due = parseTimestamp(lead.respondBy);
    const late = due !== null && answered.getTime() > due.getTime() ? ', past the 24-hour promise' : '';
    return `First response: ${formatDuration(answered.getTime() - created.getTime())} after it arrived${late}`;
  }
  if (lead.isSpam) return null;
  const due = parseTimestamp(lead.respondBy);
  if (!due) return 'Awaiting a first response';
  return isOverdue(lead, now)
    ? `Awaiting a first response — overdue since ${formatDateTime(due, timeZone)}`
    : `Awaiting a first response — due by ${formatDateTime(due, timeZone)}`;
}
