// The webhook API's JSON as the admin reads it. Proto JSON may leave out a
// field at its zero value or send null for an unset timestamp, and sends
// int64 (latencyMs) as a string, so every answer is read through these:
// missing is '', false, 0 or null, and numbers are numbers.
import type {
  WebhookAttemptJson,
  WebhookDeliveryJson,
  WebhookEndpointJson,
} from '@/gen/trenchless/contact/v1/webhooks_pb';
import type { Emitted } from '@/lib/api-types';

/**
 * Where lead events are sent (fields as the proto documents them).
 * Timestamps are RFC 3339, '' when unset: previousSecretExpiresAt while a
 * rotation overlaps, failingSince during a failure streak.
 */
export type WebhookEndpoint = Emitted<WebhookEndpointJson>;

/** One try of a delivery: statusCode 0 when no answer came; latencyMs a number here; inProgress while it is being sent. */
export type WebhookAttempt = Omit<Emitted<WebhookAttemptJson>, 'latencyMs'> & { latencyMs: number };

/** One event for one endpoint (id is the webhook-id, msg_…; leadId '' for a test), with its latest attempt if any. */
export type WebhookDelivery = Omit<Emitted<WebhookDeliveryJson>, 'lastAttempt'> & { lastAttempt: WebhookAttempt | null };

type Loose<T> = { [K in keyof T]?: T[K] | null };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const flag = (v: unknown): boolean => v === true;

/** A number from proto JSON: a number, or an int64 as a decimal string; anything else is 0. */
export function num(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
}

export function toEndpoint(json: Loose<WebhookEndpointJson> | null | undefined): WebhookEndpoint {
  const e = json ?? {};
  return {
    id: text(e.id),
    url: text(e.url),
    description: text(e.description),
    events: Array.isArray(e.events) ? e.events.filter((x): x is string => typeof x === 'string') : [],
    bodyTemplate: text(e.bodyTemplate),
    enabled: flag(e.enabled),
    disabledReason: text(e.disabledReason),
    createdAt: text(e.createdAt),
    createdBy: text(e.createdBy),
    updatedAt: text(e.updatedAt),
    secretRotatedAt: text(e.secretRotatedAt),
    previousSecretExpiresAt: text(e.previousSecretExpiresAt),
    failingSince: text(e.failingSince),
    secretHint: text(e.secretHint),
  };
}

export function toAttempt(json: Loose<WebhookAttemptJson>): WebhookAttempt {
  return {
    number: num(json.number),
    at: text(json.at),
    statusCode: num(json.statusCode),
    latencyMs: num(json.latencyMs),
    response: text(json.response),
    error: text(json.error),
    inProgress: flag(json.inProgress),
  };
}

export function toDelivery(json: Loose<WebhookDeliveryJson> | null | undefined): WebhookDelivery {
  const d = json ?? {};
  return {
    id: text(d.id),
    endpointId: text(d.endpointId),
    event: text(d.event),
    leadId: text(d.leadId),
    createdAt: text(d.createdAt),
    status: text(d.status),
    attempts: num(d.attempts),
    nextAttemptAt: text(d.nextAttemptAt),
    lastAttempt: d.lastAttempt ? toAttempt(d.lastAttempt) : null,
    test: flag(d.test),
  };
}

/** The root of every webhook read: invalidating it refreshes the list and every log. */
export const webhooksQueryPrefix = ['/api/admin/webhooks'] as const;

/** An endpoint's path: /api/admin/webhooks/{id}. */
export const endpointPath = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;
