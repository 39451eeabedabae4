-- Posts in Spanish (issue 40 item 4): every post is written in one
-- language, English ('en') or Spanish ('es'), and a Spanish post may be the
-- translation of an English one (translation_of, the English post's id).
-- An English post has at most one Spanish translation (the unique index);
-- deleting the original keeps its translation, no longer linked (SET NULL).
-- What the columns cannot say alone (the original is English and is no
-- translation itself) the content service checks with the original locked.
--
-- Additive only (ADR 0010): a replica of the previous release still reads
-- and writes content.blog_posts; its posts are English (the default) and
-- its updates leave language and translation_of as they are.
ALTER TABLE content.blog_posts
    ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
    ADD COLUMN translation_of uuid REFERENCES content.blog_posts (id) ON DELETE SET NULL,
    -- An English post is nobody's translation, and no post its own.
    ADD CONSTRAINT blog_posts_translation_check
        CHECK (translation_of IS NULL OR (language <> 'en' AND translation_of <> id));

-- One translation per original and language; also how an original finds
-- its translations.
CREATE UNIQUE INDEX blog_posts_translation_idx ON content.blog_posts (translation_of, language)
    WHERE translation_of IS NOT NULL;

-- The public list of one language (/resources, /es/resources), newest
-- first, keyset-paged as the list of every language is (migration 006).
CREATE INDEX blog_posts_live_language_idx ON content.blog_posts (language, published_at DESC, id DESC)
    WHERE is_published;
