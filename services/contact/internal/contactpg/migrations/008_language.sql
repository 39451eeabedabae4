-- Issue 40: the site has a Spanish edition, and a lead records the
-- language of the page it was sent from (a BCP 47 tag: "es", "es-MX"), so
-- the office e-mail and the inbox can say the homeowner prefers Spanish.
-- Empty is unknown, read as English: every lead stored before this.
-- Additive, and instant (a constant default): a replica of the previous
-- release keeps reading and writing submissions (its leads get '').
ALTER TABLE contact.submissions ADD COLUMN language text NOT NULL DEFAULT '';
