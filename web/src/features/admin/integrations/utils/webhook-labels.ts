// How the Integrations tab names events, endpoint states, delivery
// statuses and attempts, so the list, the log and a test's result read
// alike.

/** The events an endpoint can receive (the LEADS subjects), in the order the form offers them. */
export const WEBHOOK_EVENTS = [
  { value: 'leads.submitted', label: 'New leads', hint: 'each lead as it arrives from the website' },
  { value: 'leads.updated', label: 'Changes to leads', hint: 'status, assignee, notes and read marks' },
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]['value'];

/** The events a new endpoint receives unless staff choose otherwise. */
export const DEFAULT_EVENTS: WebhookEvent[] = ['leads.submitted'];

/** "New leads" for leads.submitted; an event the admin does not know keeps its own name. */
export function eventLabel(event: string): string {
  return WEBHOOK_EVENTS.find((e) => e.value === event)?.label ?? event;
}

/** "New leads and changes to leads". */
export function eventsText(events: readonly string[]): string {
  const labels = events.map(eventLabel);
  if (labels.length === 0) return 'No events';
  const [first = '', ...rest] = labels;
  if (rest.length === 0) return first;
  return `${[first, ...rest.slice(0, -1).map((l) => l.toLowerCase())].join(', ')} and ${rest[rest.length - 1]!.toLowerCase()}`;
}

/** Why an endpoint is disabled, as a sentence for staff. */
export function disabledReasonText(reason: string): string {
  switch (reason) {
    case 'gone':
      return 'The receiver answered 410 Gone, which means it no longer wants deliveries.';
    case 'failing':
      return 'Every delivery failed for five days, so sending was stopped.';
    case 'staff':
      return 'Disabled by staff.';
    default:
      return reason ? `Disabled (${reason}).` : 'Disabled.';
  }
}

/** Whether events are sent to the endpoint, and if not why, as a sentence. */
export function sendingText(endpoint: { enabled: boolean; disabledReason: string; failingSince: string }): string {
  if (!endpoint.enabled) return disabledReasonText(endpoint.disabledReason);
  if (endpoint.failingSince) return 'Every event is sent, but the receiver is not taking them: after five days of failures sending stops.';
  return 'Every event is sent.';
}

/** A short label for the disabled badge: "Disabled: 410 Gone". */
export function disabledBadge(reason: string): string {
  switch (reason) {
    case 'gone':
      return 'Disabled: 410 Gone';
    case 'failing':
      return 'Disabled: failing';
    case 'staff':
      return 'Disabled';
    default:
      return 'Disabled';
  }
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** "Pending", "Delivered", "Failed"; an unknown status keeps its own name. */
export function deliveryStatusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return 'Pending';
    case 'delivered':
      return 'Delivered';
    case 'failed':
      return 'Failed';
    default:
      return status || 'Unknown';
  }
}

/** "12 ms", "850 ms", "1.2 s", "10 s". */
export function formatLatency(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return s < 10 ? `${s.toFixed(1).replace(/\.0$/, '')} s` : `${Math.round(s)} s`;
}

/** What an attempt needs to be described. */
export type AttemptFacts = { statusCode: number; latencyMs: number; error: string; inProgress?: boolean };

/** Said of an attempt being sent, its answer not recorded yet. */
export const UNDER_WAY = 'Under way: sent, no answer recorded yet';

/** Whether the receiver took the attempt (a 2xx answer and no error). */
export function attemptOk(a: AttemptFacts): boolean {
  return a.statusCode >= 200 && a.statusCode < 300 && a.error === '';
}

/**
 * One attempt in a line: "HTTP 204 in 12 ms", "HTTP 500 in 30 ms: <why>",
 * "No answer after 10 s: <why>"; UNDER_WAY while it is being sent.
 */
export function attemptText(a: AttemptFacts): string {
  if (a.inProgress) return UNDER_WAY;
  const took = formatLatency(a.latencyMs);
  if (a.statusCode === 0) return `No answer after ${took}${a.error ? `: ${a.error}` : ''}`;
  const answer = `HTTP ${a.statusCode} in ${took}`;
  return a.error && !attemptOk(a) ? `${answer}: ${a.error}` : answer;
}

/** The result of Send test or Resend: "Delivered: HTTP 204 in 12 ms" or "Failed: …"; null before any attempt. */
export function sendResultText(attempt: AttemptFacts | null): string {
  if (!attempt) return 'Not sent yet: no attempt was made.';
  return `${attemptOk(attempt) ? 'Delivered' : 'Failed'}: ${attemptText(attempt)}`;
}

/** "3 deliveries were queued to be sent again." */
export function queuedText(queued: number): string {
  if (queued === 0) return 'Nothing to send again: no delivery since then matched.';
  return queued === 1 ? '1 delivery was queued to be sent again.' : `${queued} deliveries were queued to be sent again.`;
}

/** What a delivery's event says in the log: "New lead", "Lead changed". */
export function deliveryEventLabel(event: string): string {
  switch (event) {
    case 'leads.submitted':
      return 'New lead';
    case 'leads.updated':
      return 'Lead changed';
    default:
      return event || 'Unknown event';
  }
}

/** What staff call an endpoint: its description, else its URL's host ("hooks.zapier.com"), else the URL. */
export function endpointName(endpoint: { description: string; url: string }): string {
  if (endpoint.description.trim()) return endpoint.description.trim();
  try {
    return new URL(endpoint.url).host || endpoint.url;
  } catch {
    return endpoint.url;
  }
}

/** The most endpoints there can be (webhook.MaxEndpoints). */
export const MAX_ENDPOINTS = 50;
