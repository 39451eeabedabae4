-- Issue 38: lead events to the office's other systems over signed HTTPS.
-- An endpoint is where events go; a delivery is one event for one endpoint
-- (its id is the webhook-id header, the same on every attempt); an attempt
-- is one try with what the receiver answered. Deliveries are made from the
-- LEADS stream by a durable consumer and sent by every replica's worker, so
-- nothing about them lives only in memory.
CREATE TABLE contact.webhook_endpoints (
    id                         uuid PRIMARY KEY,
    url                        text NOT NULL,
    description                text NOT NULL DEFAULT '',
    events                     text[] NOT NULL,
    body_template              text NOT NULL DEFAULT '',
    secret                     text NOT NULL,
    previous_secret            text NOT NULL DEFAULT '',
    previous_secret_expires_at timestamptz,
    secret_rotated_at          timestamptz,
    enabled                    boolean NOT NULL DEFAULT true,
    disabled_reason            text NOT NULL DEFAULT '',
    failing_since              timestamptz,
    created_at                 timestamptz NOT NULL DEFAULT now(),
    created_by                 text NOT NULL DEFAULT '',
    updated_at                 timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact.webhook_deliveries (
    id              text PRIMARY KEY,
    endpoint_id     uuid NOT NULL REFERENCES contact.webhook_endpoints (id) ON DELETE CASCADE,
    -- event_id is the event's id on the stream (its Nats-Msg-Id): one
    -- delivery per event and endpoint however often the stream redelivers.
    event_id        text NOT NULL,
    event           text NOT NULL,
    lead_id         text NOT NULL DEFAULT '',
    -- body is the standard event body (type, timestamp, data); a body
    -- template is applied to it when sent, so a template changed later
    -- applies to resends too.
    body            jsonb NOT NULL,
    event_time      timestamptz NOT NULL,
    test            boolean NOT NULL DEFAULT false,
    status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        integer NOT NULL DEFAULT 0,
    -- round_attempts counts the attempts since the delivery was last
    -- queued; it picks the next wait from the retry schedule.
    round_attempts  integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (endpoint_id, event_id)
);

-- The workers' queue: due deliveries, soonest first.
CREATE INDEX webhook_deliveries_due_idx ON contact.webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- An endpoint's log, newest first.
CREATE INDEX webhook_deliveries_log_idx ON contact.webhook_deliveries (endpoint_id, created_at DESC, id DESC);
-- The log's retention: finished deliveries, oldest first.
CREATE INDEX webhook_deliveries_done_idx ON contact.webhook_deliveries (created_at) WHERE status <> 'pending';

CREATE TABLE contact.webhook_attempts (
    delivery_id text NOT NULL REFERENCES contact.webhook_deliveries (id) ON DELETE CASCADE,
    number      integer NOT NULL,
    at          timestamptz NOT NULL,
    status_code integer NOT NULL DEFAULT 0,
    latency_ms  bigint NOT NULL DEFAULT 0,
    response    text NOT NULL DEFAULT '',
    error       text NOT NULL DEFAULT '',
    PRIMARY KEY (delivery_id, number)
);
