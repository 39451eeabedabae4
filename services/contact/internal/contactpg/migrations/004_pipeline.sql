-- The lead pipeline (issue 28): a status from new to won or lost (or
-- spam), an assignee, the first response (the first status change or note
-- after arrival) and every change with who made it and when.
-- Additive: a replica of the previous release keeps reading and writing
-- submissions (it sets is_read; the new columns keep their defaults).
ALTER TABLE contact.submissions
    ADD COLUMN status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'scheduled', 'won', 'lost', 'spam')),
    ADD COLUMN assignee text NOT NULL DEFAULT '',
    ADD COLUMN first_response_at timestamptz,
    ADD COLUMN updated_at timestamptz,
    ADD COLUMN updated_by text NOT NULL DEFAULT '';

-- Honeypot catches are spam in the pipeline too.
UPDATE contact.submissions SET status = 'spam' WHERE is_spam;
-- A lead read before the pipeline existed was handled then; when is not
-- known. It counts as answered at its arrival, so it is not overdue, and
-- the response-time figures leave it out (they measure only answers after
-- arrival: first_response_at > created_at).
UPDATE contact.submissions SET first_response_at = created_at WHERE is_read AND NOT is_spam;

-- Who did what to a lead, oldest first by id.
CREATE TABLE contact.lead_activity (
    id         bigserial PRIMARY KEY,
    lead_id    uuid NOT NULL REFERENCES contact.submissions (id) ON DELETE CASCADE,
    kind       text NOT NULL CHECK (kind IN ('status', 'note', 'assignee', 'read')),
    from_value text NOT NULL DEFAULT '',
    to_value   text NOT NULL DEFAULT '',
    body       text NOT NULL DEFAULT '',
    actor      text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX lead_activity_lead_idx ON contact.lead_activity (lead_id, id);

-- Overdue: not spam, no first response, past the promise. Few rows (the
-- office answers), so the count and the overdue view stay cheap.
CREATE INDEX submissions_awaiting_idx ON contact.submissions (respond_by)
    WHERE NOT is_spam AND first_response_at IS NULL;
-- The dashboard reads the recent leads by arrival, and only these fields
-- of them: an index-only scan of the weeks it shows.
CREATE INDEX submissions_recent_idx ON contact.submissions (created_at)
    INCLUDE (city, utm_source, first_response_at, respond_by) WHERE NOT is_spam;
CREATE INDEX submissions_status_idx ON contact.submissions (status, created_at DESC, id DESC);
CREATE INDEX submissions_city_idx ON contact.submissions (city, created_at DESC, id DESC);
CREATE INDEX submissions_source_idx ON contact.submissions (utm_source, created_at DESC, id DESC);
CREATE INDEX submissions_assignee_idx ON contact.submissions (assignee, created_at DESC, id DESC) WHERE assignee <> '';

-- Search: every word of the query must occur in a lead's text (names,
-- e-mail, address, city, description, phone digits). The text is one
-- immutable function of the lead's fields, kept in a stored column (so a
-- search's recheck reads it instead of computing it for every candidate
-- row) with a trigram index, which makes "contains" fast at millions of
-- leads.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE FUNCTION contact.lead_search_text(first_name text, last_name text, email text, phone text, address text,
                                         city text, description text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN lower(first_name || ' ' || last_name || ' ' || email || ' ' || address || ' ' || city || ' ' || description)
        || ' ' || regexp_replace(phone, '[^0-9]', '', 'g');
ALTER TABLE contact.submissions ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (contact.lead_search_text(first_name, last_name, email, phone, address, city, description)) STORED;
CREATE INDEX submissions_search_idx ON contact.submissions USING gin (search_text public.gin_trgm_ops);
