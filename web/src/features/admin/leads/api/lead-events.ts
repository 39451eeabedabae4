// GET /api/contact-submissions/events: server-sent events while the inbox is
// open. `lead` (LeadSubmitted JSON) brings a new lead, `lead-updated`
// (LeadUpdated JSON) a change someone made: read flag, status, assignee or
// a note. No polling: the lists, the lead, its history and the stats are
// re-read when an event says they changed.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeadSubmittedJson, LeadUpdatedJson } from '@/gen/trenchless/contact/v1/events_pb';
import type { Emitted } from '@/lib/api-types';
import { leadActivityQueryKey } from './get-lead-activity';
import { leadQueryKey } from './get-lead';
import { isLeadStatsKey } from './get-lead-stats';
import { isLeadListKey, type Lead } from './list-leads';

export const LEAD_EVENTS_URL = '/api/contact-submissions/events';

/** connecting → live; reconnecting while the browser retries; closed when it gave up (e.g. signed out). */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

export function parseLeadSubmitted(data: string): Lead | null {
  try {
    const event = JSON.parse(data) as Emitted<LeadSubmittedJson>;
    const lead = event.lead as Lead | undefined;
    return lead && typeof lead.id === 'string' && lead.id !== '' ? lead : null;
  } catch {
    return null;
  }
}

export function parseLeadUpdated(data: string): Emitted<LeadUpdatedJson> | null {
  try {
    const event = JSON.parse(data) as Emitted<LeadUpdatedJson>;
    return typeof event.leadId === 'string' && event.leadId !== '' ? event : null;
  } catch {
    return null;
  }
}

/** How long lead-updated events are gathered before one refresh: a bulk change sends one per lead. */
const UPDATE_BATCH_MS = 250;

/**
 * Whether the cached lead already shows what the event reports: our own
 * change, stored when its request answered (useUpdateLead). A note changes
 * the history, never only the lead, so it is never already known.
 */
export function alreadyKnown(cached: Lead | undefined, update: Emitted<LeadUpdatedJson>): boolean {
  if (!cached || update.change === 'note') return false;
  return (
    cached.isRead === update.isRead &&
    (update.status === undefined || cached.status === update.status) &&
    (update.assignee === undefined || cached.assignee === update.assignee) &&
    !!cached.updatedAt &&
    cached.updatedAt === update.updatedAt
  );
}

/**
 * Listens for lead events while mounted. A new lead goes into the cache and
 * every list and count is re-read (so it comes first in the inbox); after a
 * dropped connection comes back, the lists are re-read too, for whatever
 * arrived meanwhile. `onLead` hears of each new lead.
 */
export function useLeadEvents(onLead: (lead: Lead) => void): { status: LiveStatus; reconnect: () => void } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  const onLeadRef = useRef(onLead);
  useEffect(() => {
    onLeadRef.current = onLead;
  }, [onLead]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('closed');
      return;
    }
    const refreshLists = () =>
      queryClient.invalidateQueries({ predicate: (q) => isLeadListKey(q.queryKey) || isLeadStatsKey(q.queryKey) });
    // Leads changed by someone, re-read together once the burst is over.
    const changed = new Set<string>();
    let flush: ReturnType<typeof setTimeout> | undefined;
    const refreshChanged = () => {
      flush = undefined;
      for (const id of changed) {
        void queryClient.invalidateQueries({ queryKey: leadQueryKey(id), exact: true });
        void queryClient.invalidateQueries({ queryKey: leadActivityQueryKey(id), exact: true });
      }
      changed.clear();
      void refreshLists();
    };
    setStatus('connecting');
    const source = new EventSource(LEAD_EVENTS_URL, { withCredentials: true });
    let openedBefore = attempt > 0;
    source.onopen = () => {
      setStatus('live');
      if (openedBefore) void refreshLists();
      openedBefore = true;
    };
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
    source.addEventListener('lead', (e) => {
      const lead = parseLeadSubmitted((e as MessageEvent<string>).data);
      if (!lead) return;
      queryClient.setQueryData(leadQueryKey(lead.id), lead);
      void refreshLists();
      onLeadRef.current(lead);
    });
    source.addEventListener('lead-updated', (e) => {
      const update = parseLeadUpdated((e as MessageEvent<string>).data);
      if (!update) return;
      // Our own change is already in the cache (useUpdateLead); someone
      // else's makes the lead, its history, the lists and the stats stale.
      if (alreadyKnown(queryClient.getQueryData<Lead>(leadQueryKey(update.leadId)), update)) return;
      changed.add(update.leadId);
      flush ??= setTimeout(refreshChanged, UPDATE_BATCH_MS);
    });
    return () => {
      source.close();
      clearTimeout(flush);
    };
  }, [queryClient, attempt]);

  const reconnect = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, reconnect };
}
