-- A Spanish edition of the site (issue 40): each editable text may have a
-- value in another language, today only Spanish ('es'). A text without one
-- is shown in English on the Spanish pages (the fallback), and the staff
-- list counts it as missing. Each translation has its own version, last
-- change and author, so staff saving the Spanish text never conflict with
-- staff saving the English one. Category, description and type stay the
-- item's, shared by its languages.
--
-- Additive only (ADR 0010): a replica of the previous release reads and
-- writes content.editable_content as before and never sees this table;
-- deleting an item there deletes its translations with it.
CREATE TABLE content.editable_content_translations (
    content_key text NOT NULL
                REFERENCES content.editable_content (content_key) ON DELETE CASCADE,
    locale      text NOT NULL CHECK (locale IN ('es')),
    content     text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    -- Empty for the seeded translation, as for the seeded English text.
    updated_by  text NOT NULL DEFAULT '',
    version     bigint NOT NULL DEFAULT 1,
    -- The staff list's search in this language (see migration 008).
    search_text text NOT NULL GENERATED ALWAYS AS (lower(content)) STORED,
    PRIMARY KEY (content_key, locale)
);
CREATE INDEX editable_content_translations_search_idx
    ON content.editable_content_translations USING gin (search_text public.gin_trgm_ops);
