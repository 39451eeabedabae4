-- Inspection requests (SPEC §3 contact_submissions) and the transactional
-- outbox their events leave through (DESIGN §4).
CREATE TABLE contact.submissions (
    id                     uuid PRIMARY KEY,
    form_variant           text NOT NULL CHECK (form_variant IN ('home', 'contact')),
    first_name             text NOT NULL,
    last_name              text NOT NULL,
    email                  text NOT NULL,
    phone                  text NOT NULL,
    address                text NOT NULL DEFAULT '',
    city                   text NOT NULL DEFAULT '',
    urgency                text NOT NULL DEFAULT '',
    issues                 text[] NOT NULL DEFAULT '{}',
    home_age               text NOT NULL DEFAULT '',
    previous_repairs       text NOT NULL DEFAULT '',
    description            text NOT NULL DEFAULT '',
    preferred_contact_time text NOT NULL DEFAULT '',
    has_video              boolean NOT NULL DEFAULT false,
    source_page            text NOT NULL DEFAULT '',
    utm_source             text NOT NULL DEFAULT '',
    utm_medium             text NOT NULL DEFAULT '',
    utm_campaign           text NOT NULL DEFAULT '',
    gclid                  text NOT NULL DEFAULT '',
    user_agent             text NOT NULL DEFAULT '',
    -- Salted SHA-256 of the client IP; the raw address is never stored.
    ip_hash                text NOT NULL DEFAULT '',
    idempotency_key        text UNIQUE,
    is_read                boolean NOT NULL DEFAULT false,
    is_spam                boolean NOT NULL DEFAULT false,
    duplicate_of           uuid REFERENCES contact.submissions (id) ON DELETE SET NULL,
    created_at             timestamptz NOT NULL DEFAULT now(),
    respond_by             timestamptz NOT NULL
);

CREATE INDEX submissions_inbox_idx ON contact.submissions (created_at DESC, id DESC);
CREATE INDEX submissions_email_idx ON contact.submissions (lower(email), created_at DESC);
CREATE INDEX submissions_phone_idx ON contact.submissions ((regexp_replace(phone, '[^0-9]', '', 'g')), created_at DESC);

CREATE TABLE contact.outbox (
    id           bigserial PRIMARY KEY,
    subject      text NOT NULL,
    msg_id       text NOT NULL,
    payload      bytea NOT NULL,
    headers      jsonb NOT NULL DEFAULT '{}',
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);

-- The relay's work queue: only unpublished rows, oldest first.
CREATE INDEX outbox_pending_idx ON contact.outbox (id) WHERE published_at IS NULL;
