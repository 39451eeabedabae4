-- Every write to the outbox wakes the relay (LISTEN contact_outbox; the
-- channel is contactpg.NotifyChannel). One notification per statement,
-- delivered at commit, however many rows it inserted: a batch of leads
-- written in one statement wakes the relay once.
CREATE FUNCTION contact.outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('contact_outbox', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER outbox_notify AFTER INSERT ON contact.outbox
    FOR EACH STATEMENT EXECUTE FUNCTION contact.outbox_notify();
