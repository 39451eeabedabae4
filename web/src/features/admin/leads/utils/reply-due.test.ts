import { describe, expect, it } from 'vitest';
import { isOverdue, replyDueText } from './reply-due';

const now = new Date('2026-11-22T12:00:00Z');
const lead = (respondBy: string, isRead = false, isSpam = false) => ({ respondBy, isRead, isSpam });

describe('the 24-hour reply promise', () => {
  it('is overdue only while unread, not spam, and past respondBy', () => {
    expect(isOverdue(lead('2026-11-22T11:59:00Z'), now)).toBe(true);
    expect(isOverdue(lead('2026-11-22T12:00:00Z'), now)).toBe(false);
    expect(isOverdue(lead('2026-11-23T09:00:00Z'), now)).toBe(false);
    expect(isOverdue(lead('2026-11-22T08:00:00Z', true), now)).toBe(false);
    expect(isOverdue(lead('2026-11-22T08:00:00Z', false, true), now)).toBe(false);
    expect(isOverdue(lead(''), now)).toBe(false);
  });

  it('says when the reply is due, or was', () => {
    expect(replyDueText(lead('2026-11-22T17:00:00Z'), now)).toBe('Reply due in 5 hours');
    expect(replyDueText(lead('2026-11-22T09:00:00Z'), now)).toBe('Reply was due 3 hours ago');
    expect(replyDueText(lead('2026-11-22T09:00:00Z', true), now)).toBeNull();
  });
});
