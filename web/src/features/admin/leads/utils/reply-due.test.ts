import { describe, expect, it } from 'vitest';
import { awaitsResponse, firstResponseText, isOverdue, replyDueText } from './reply-due';

const now = new Date('2026-11-22T12:00:00Z');
const lead = (respondBy: string, firstResponseAt: string | null = null, isSpam = false) => ({
  respondBy,
  firstResponseAt,
  isSpam,
});

describe('the 24-hour reply promise', () => {
  it('is overdue while awaiting a first response (read or not), not spam, past respondBy', () => {
    expect(isOverdue(lead('2026-11-22T11:59:00Z'), now)).toBe(true);
    expect(isOverdue(lead('2026-11-22T12:00:00Z'), now)).toBe(false);
    expect(isOverdue(lead('2026-11-23T09:00:00Z'), now)).toBe(false);
    // Marking read is not an answer.
    const read = { ...lead('2026-11-22T08:00:00Z'), isRead: true };
    expect(isOverdue(read, now)).toBe(true);
    expect(isOverdue(lead('2026-11-22T08:00:00Z', '2026-11-22T07:00:00Z'), now)).toBe(false);
    expect(isOverdue(lead('2026-11-22T08:00:00Z', null, true), now)).toBe(false);
    expect(isOverdue(lead(''), now)).toBe(false);
    expect(awaitsResponse(lead('2026-11-22T08:00:00Z', ''))).toBe(true);
  });

  it('says when the reply is due, or was, until the first response', () => {
    expect(replyDueText(lead('2026-11-22T17:00:00Z'), now)).toBe('Reply due in 5 hours');
    expect(replyDueText(lead('2026-11-22T09:00:00Z'), now)).toBe('Reply was due 3 hours ago');
    expect(replyDueText(lead('2026-11-22T09:00:00Z', '2026-11-22T08:00:00Z'), now)).toBeNull();
    expect(replyDueText(lead('2026-11-22T09:00:00Z', null, true), now)).toBeNull();
  });

  it('tells the first response against the promise', () => {
    const created = { createdAt: '2026-11-21T09:00:00Z', respondBy: '2026-11-22T09:00:00Z', isSpam: false };
    expect(firstResponseText({ ...created, firstResponseAt: '2026-11-21T11:14:30Z' }, now)).toBe(
      'First response: 2 h 14 min after it arrived',
    );
    expect(firstResponseText({ ...created, firstResponseAt: '2026-11-22T12:00:00Z' }, now)).toBe(
      'First response: 1 day 3 h after it arrived, past the 24-hour promise',
    );
    expect(firstResponseText({ ...created, respondBy: '2026-11-22T20:00:00Z' }, now, 'America/Phoenix')).toBe(
      'Awaiting a first response — due by Nov 22, 2026, 1:00 PM',
    );
    expect(firstResponseText(created, now, 'America/Phoenix')).toBe(
      'Awaiting a first response — overdue since Nov 22, 2026, 2:00 AM',
    );
    expect(firstResponseText({ ...created, isSpam: true }, now)).toBeNull();
  });
});
