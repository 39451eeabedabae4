// What the erase dialog says (issue 39): how many leads a choice covers,
// the typed confirmation, and what an erase did.

import type { ErasePersonResult } from '../api/erase-person';
import type { ErasureMatch, ErasurePreview } from '../api/preview-erasure';

/** The word an owner types to confirm an erase. */
export const CONFIRM_WORD = 'ERASE';

/** Whether `typed` is the confirmation word (any case, spaces around ignored). */
export function isConfirmed(typed: string): boolean {
  return typed.trim().toUpperCase() === CONFIRM_WORD;
}

/**
 * How many leads an erase covers: the lead itself always, plus those with
 * its e-mail and/or its phone as chosen (the preview counts the lead in
 * each group it belongs to, and in the total).
 */
export function erasureCount(p: ErasurePreview, byEmail: boolean, byPhone: boolean): number {
  if (byEmail && byPhone) return Math.max(p.total, 1);
  if (byEmail) return Math.max(p.byEmail, 1);
  if (byPhone) return Math.max(p.byPhone, 1);
  return 1;
}

/** The listed leads an erase covers, for the choice made (`leadId` always). */
export function erasedMatches(p: ErasurePreview, leadId: string, byEmail: boolean, byPhone: boolean): ErasureMatch[] {
  return p.leads.filter((m) => m.id === leadId || (byEmail && m.byEmail) || (byPhone && m.byPhone));
}

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** "Erase 3 leads". */
export function eraseButtonLabel(n: number): string {
  return `Erase ${count(n, 'lead', 'leads')}`;
}

/** The first sentence of erasureResultText, what the page announces. */
export function erasedSummary(r: ErasePersonResult): string {
  return `The personal data of ${count(r.leadIds.length, 'lead', 'leads')} was erased.`;
}

/** What an erase did, sentence by sentence. */
export function erasureResultText(r: ErasePersonResult): string[] {
  const out = [erasedSummary(r)];
  const removed: string[] = [];
  if (r.notes > 0) removed.push(`${count(r.notes, 'staff note', 'staff notes')} emptied`);
  if (r.webhookDeliveries > 0) removed.push(`${count(r.webhookDeliveries, 'webhook delivery', 'webhook deliveries')} and their logs deleted`);
  if (r.outboxMessages > 0) removed.push(`${count(r.outboxMessages, 'stored event copy', 'stored event copies')} deleted`);
  if (removed.length > 0) out.push(`Also: ${removed.join('; ')}.`);
  out.push(
    r.streamPending
      ? 'Their messages on the lead stream are still being removed: the site retries every minute until they are gone.'
      : `${count(r.streamMessages, 'message', 'messages')} removed from the lead stream.`,
  );
  return out;
}
