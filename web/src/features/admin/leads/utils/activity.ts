// A lead's history as sentences: "<who> changed the status from New to
// Contacted". The server records values (status, e-mail, "true"/"false");
// this says what they mean.
import { humanize, statusLabel } from './lead-labels';

export type ActivityFacts = { kind: string; from: string; to: string };

/** What the entry's actor did, to follow their e-mail. */
export function describeActivity({ kind, from, to }: ActivityFacts): string {
  switch (kind) {
    case 'status':
      if (to === 'spam') return 'marked it as spam';
      if (from === 'spam') return `marked it as not spam (status ${statusLabel(to)})`;
      return `changed the status from ${statusLabel(from)} to ${statusLabel(to)}`;
    case 'assignee':
      if (to === '') return from ? `unassigned it (it was with ${from})` : 'unassigned it';
      return from ? `reassigned it from ${from} to ${to}` : `assigned it to ${to}`;
    case 'read':
      return to === 'true' ? 'marked it read' : 'marked it unread';
    case 'note':
      return 'added a note';
    default:
      return humanize(kind).toLowerCase();
  }
}

/** The staff member who last marked the lead as spam, if it was staff (not the form's spam trap). */
export function markedSpamBy(entries: readonly (ActivityFacts & { actor: string })[]): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.kind === 'status') return e.to === 'spam' ? e.actor || 'a staff member' : null;
  }
  return null;
}

/** Above a history shown from its newest entries: "The latest 50 of 73 entries". */
export function activityShownText(shown: number, total: number | null): string {
  const noun = (n: number) => (n === 1 ? 'entry' : 'entries');
  if (total === null) return `The latest ${shown} ${noun(shown)}`;
  return shown >= total ? `All ${total} ${noun(total)}` : `The latest ${shown} of ${total} ${noun(total)}`;
}
