-- Lists that stay fast at thousands of posts (issue 29): every list reads
-- one index in its order and stops at a page, keyset-paged by (key, id).

-- The staff list's date (PostListItem.list_at): the publish time of a
-- published post, and of a draft whose chosen publish time was ahead of
-- its last save; otherwise when the draft was last saved. Stored, so the
-- list's order is an index.
ALTER TABLE content.blog_posts ADD COLUMN list_at timestamptz NOT NULL
    GENERATED ALWAYS AS (CASE WHEN is_published OR published_at > updated_at THEN published_at ELSE updated_at END) STORED;
CREATE INDEX blog_posts_list_idx ON content.blog_posts (list_at DESC, id DESC);
CREATE INDEX blog_posts_title_idx ON content.blog_posts (lower(title), id);

-- The public list, the sitemap and the feed: live posts newest first, with
-- the id as the tie-break a keyset page needs.
DROP INDEX content.blog_posts_live_idx;
CREATE INDEX blog_posts_live_idx ON content.blog_posts (published_at DESC, id DESC) WHERE is_published;
