// SPEC §1/§9: every lead is promised a reply within 24 hours. The server
// stores respondBy = createdAt + 24 h; a lead is overdue while it is unread
// (and not spam) past that moment.
import { formatRelativeTime, parseTimestamp } from '@/components/staff/format';

export type ReplyFacts = { isRead: boolean; isSpam: boolean; respondBy: string };

export function isOverdue(lead: ReplyFacts, now: Date): boolean {
  const due = parseTimestamp(lead.respondBy);
  return !lead.isRead && !lead.isSpam && due !== null && now.getTime() > due.getTime();
}

/** "Reply due in 5 hours", "Reply was due 3 hours ago", or null once read or for spam. */
export function replyDueText(lead: ReplyFacts, now: Date): string | null {
  const due = parseTimestamp(lead.respondBy);
  if (lead.isRead || lead.isSpam || !due) return null;
  const when = formatRelativeTime(due, now);
  return isOverdue(lead, now) ? `Reply was due ${when}` : `Reply due ${when}`;
}
