import { describe, expect, it } from 'vitest';
import type { ErasurePreview } from '../api/preview-erasure';
import { eraseButtonLabel, erasedMatches, erasureCount, erasureResultText, isConfirmed } from './erasure';

const match = (id: string, byEmail: boolean, byPhone: boolean) => ({
  id,
  createdAt: '2026-11-28T17:42:05Z',
  firstName: 'Maria',
  lastName: 'Lopez',
  city: 'phoenix',
  status: 'new',
  byEmail,
  byPhone,
});

// The lead (a) has the e-mail and the phone; b the e-mail only; c the phone only.
const preview: ErasurePreview = {
  byEmail: 2,
  byPhone: 2,
  total: 3,
  leads: [match('a', true, true), match('b', true, false), match('c', false, true)],
  erasedAt: null,
};

describe('erasure', () => {
  it('counts the lead and the leads sharing what is chosen', () => {
    expect(erasureCount(preview, true, true)).toBe(3);
    expect(erasureCount(preview, true, false)).toBe(2);
    expect(erasureCount(preview, false, true)).toBe(2);
    expect(erasureCount(preview, false, false)).toBe(1);
    expect(erasureCount({ ...preview, byPhone: 0 }, false, true)).toBe(1);
    expect(erasedMatches(preview, 'a', true, false).map((m) => m.id)).toEqual(['a', 'b']);
    expect(erasedMatches(preview, 'a', false, false).map((m) => m.id)).toEqual(['a']);
    expect(eraseButtonLabel(1)).toBe('Erase 1 lead');
    expect(eraseButtonLabel(3)).toBe('Erase 3 leads');
  });

  it('asks for the word, in any case', () => {
    expect(isConfirmed('ERASE')).toBe(true);
    expect(isConfirmed(' erase ')).toBe(true);
    expect(isConfirmed('eras')).toBe(false);
    expect(isConfirmed('')).toBe(false);
  });

  it('says what the erase did, and when the stream is not done yet', () => {
    expect(
      erasureResultText({ leadIds: ['a', 'b', 'c'], notes: 1, outboxMessages: 5, webhookDeliveries: 2, streamMessages: 8, streamPending: false }),
    ).toEqual([
      'The personal data of 3 leads was erased.',
      'Also: 1 staff note emptied; 2 webhook deliveries and their logs deleted; 5 stored event copies deleted.',
      '8 messages removed from the lead stream.',
    ]);
    expect(
      erasureResultText({ leadIds: ['a'], notes: 0, outboxMessages: 0, webhookDeliveries: 0, streamMessages: 0, streamPending: true }),
    ).toEqual([
      'The personal data of 1 lead was erased.',
      'Their messages on the lead stream are still being removed: the site retries every minute until they are gone.',
    ]);
  });
});
