-- The staff list of texts searches key, description and content. Lowering
-- every text at every search was the cost: at 2,053 texts (13 MB, some of
-- them whole legal pages) a search's two scans took 51 ms p50 in the growth
-- bench; one scan of lower(content) took 175 ms in a scratch table of that
-- size and LIKE on this stored, already lowered text 4 ms. The trigram
-- index serves a rare word once the table is large enough for the planner
-- to prefer it.
ALTER TABLE content.editable_content ADD COLUMN search_text text NOT NULL
    GENERATED ALWAYS AS (lower(content_key || ' ' || description || ' ' || content)) STORED;
CREATE INDEX editable_content_search_idx ON content.editable_content USING gin (search_text public.gin_trgm_ops);
