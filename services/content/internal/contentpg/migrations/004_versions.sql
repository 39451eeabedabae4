-- Edit conflicts (issue 28): every post and editable text counts its saves,
-- and a staff write names the version it was based on; a write based on an
-- older one is refused. Editable texts also record who saved them last.
-- Additive only: a replica of the previous release still reads and writes
-- these tables (its updates leave version as it was; see ADR 0010).
ALTER TABLE content.blog_posts ADD COLUMN version bigint NOT NULL DEFAULT 1;
-- A draft the editor saved by itself (autosave): the next autosave by the
-- same person replaces it without keeping it as a revision, so typing does
-- not leave a revision per pause.
ALTER TABLE content.blog_posts ADD COLUMN autosaved boolean NOT NULL DEFAULT false;
ALTER TABLE content.editable_content
    ADD COLUMN version bigint NOT NULL DEFAULT 1,
    ADD COLUMN updated_by text NOT NULL DEFAULT '';
