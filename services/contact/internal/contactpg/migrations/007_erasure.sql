-- Issue 39: a homeowner's personal data erased on request, and leads past
-- the retention (CONTACT_LEAD_RETENTION) erased on a schedule. An erased
-- lead keeps its row (id, dates, status, city, source: what the dashboard
-- counts) with every personal field emptied and erased_at set.
-- Additive: a replica of the previous release keeps reading and writing
-- submissions (it never sets erased_at).
ALTER TABLE contact.submissions ADD COLUMN erased_at timestamptz;

-- The retention's work: the leads not erased yet, oldest first. Erased
-- leads leave the index, so each hourly run reads only the leads it
-- erases, however many were erased before.
CREATE INDEX submissions_unerased_idx ON contact.submissions (created_at) WHERE erased_at IS NULL;

-- Where each lead's messages are on LEADS: the relay records the stream
-- sequence JetStream acknowledged for every leads.submitted and
-- leads.updated it publishes, so an erase removes exactly those messages
-- (each checked to be the lead's before it is deleted). Rows go with the
-- erase, or once their message has aged out of the stream (366 days).
CREATE TABLE contact.lead_messages (
    seq          bigint PRIMARY KEY,
    lead_id      uuid NOT NULL,
    subject      text NOT NULL,
    published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_messages_lead_idx ON contact.lead_messages (lead_id);
CREATE INDEX lead_messages_published_idx ON contact.lead_messages (published_at);

-- One row per erase: which leads, why, who asked (a staff e-mail, empty
-- for the retention), and whether their messages are gone from the stream
-- yet. No personal field: the leads are named by id only. A row whose
-- stream part is not done (NATS away) is retried every minute.
CREATE TABLE contact.erasures (
    id             bigserial PRIMARY KEY,
    reason         text NOT NULL CHECK (reason IN ('request', 'retention', 'restore')),
    lead_ids       uuid[] NOT NULL,
    oldest_lead_at timestamptz NOT NULL,
    requested_by   text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now(),
    stream_done_at timestamptz,
    stream_removed integer NOT NULL DEFAULT 0
);
CREATE INDEX erasures_stream_pending_idx ON contact.erasures (id) WHERE stream_done_at IS NULL;

-- An erase deletes the leads' webhook deliveries (pending ones are never
-- sent; the log's copies of the lead go).
CREATE INDEX webhook_deliveries_lead_idx ON contact.webhook_deliveries (lead_id) WHERE lead_id <> '';
