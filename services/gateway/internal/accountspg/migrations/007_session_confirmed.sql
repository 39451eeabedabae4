-- Confirming it is you (issue: ASVS 7.5.1): changing a passkey needs a
-- sign-in within the last 10 minutes, or a confirmation since (the
-- password typed again). Additive (ADR 0010): a replica of the previous
-- release leaves it empty, which reads as "only the sign-in".
ALTER TABLE gateway.sessions ADD COLUMN confirmed_at timestamptz;
