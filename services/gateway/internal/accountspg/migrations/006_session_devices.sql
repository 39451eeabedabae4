-- What a person sees of their own sessions (Your account, "Where you're
-- signed in"): how each began and the browser it began in. Additive only
-- (ADR 0010): a replica of the previous release inserts sessions without
-- them, which then read as an unknown way and browser.
ALTER TABLE gateway.sessions
    ADD COLUMN method     text NOT NULL DEFAULT '',
    -- The User-Agent of the sign-in, at most 512 bytes.
    ADD COLUMN user_agent text NOT NULL DEFAULT '';

CREATE INDEX sessions_user_idx ON gateway.sessions (user_id);
