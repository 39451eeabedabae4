-- The staff list's title search: every word is a "contains" match, which
-- a trigram index answers without reading every title (and the count of
-- matches with it). pg_trgm is a trusted extension; the contact service's
-- lead search uses it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX blog_posts_title_trgm_idx ON content.blog_posts USING gin (lower(title) public.gin_trgm_ops);
