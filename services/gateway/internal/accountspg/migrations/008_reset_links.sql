-- Forgotten passwords (ASVS 6.4.3): a person may ask for a one-time link
-- by e-mail. Such a link sets the password without signing anyone in (the
-- sign-in that follows meets the throttle and the owner's policy), so the
-- kind of each link is kept. Additive (ADR 0010): a replica of the
-- previous release writes owners' links, which are false.
ALTER TABLE gateway.password_links ADD COLUMN reset boolean NOT NULL DEFAULT false;
