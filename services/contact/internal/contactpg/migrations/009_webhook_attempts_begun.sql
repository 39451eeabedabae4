-- An attempt is written down when it begins, before the request leaves,
-- and finished with the answer: a worker that dies in between leaves it in
-- the log (finished later as interrupted by the next claim of its
-- delivery) instead of losing it. Attempts written before are finished.
-- Additive and instant (a constant default): a replica of the previous
-- release keeps inserting finished attempts.
ALTER TABLE contact.webhook_attempts ADD COLUMN finished boolean NOT NULL DEFAULT true;
