-- The audit log (issue 39): every staff write and sensitive read, appended
-- by the gateway. The application has no update or delete path; the
-- trigger below refuses both, except to the retention purge, which says so
-- for its own transaction (SET LOCAL trenchless.audit_purge = 'on').
CREATE TABLE gateway.audit_log (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at         timestamptz NOT NULL DEFAULT now(),
    -- The account, when known (a failed sign-in may name none); actor is
    -- the e-mail as it was, so the entry outlives a renamed account.
    actor_id   uuid,
    actor      text NOT NULL,
    ip         text NOT NULL,
    user_agent text NOT NULL,
    kind       text NOT NULL,
    target     text NOT NULL DEFAULT '',
    status     integer NOT NULL,
    -- {"field": {"before": …, "after": …}}
    changes    jsonb NOT NULL DEFAULT '{}'
);

CREATE INDEX audit_log_at_idx ON gateway.audit_log (at);
CREATE INDEX audit_log_actor_idx ON gateway.audit_log (actor, id);
CREATE INDEX audit_log_kind_idx ON gateway.audit_log (kind text_pattern_ops, id);

CREATE FUNCTION gateway.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND current_setting('trenchless.audit_purge', true) = 'on' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'the audit log is append-only';
END $$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON gateway.audit_log
    FOR EACH ROW EXECUTE FUNCTION gateway.audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON gateway.audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION gateway.audit_log_append_only();
