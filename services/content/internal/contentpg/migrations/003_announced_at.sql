-- A post's going live is announced (content.changed) by exactly one content
-- replica: announced_at is NULL while a published post still awaits that
-- announcement, and the replica that sets it (contentpg.ClaimWentLive, in
-- the transaction that publishes) is the one that announces. A save sets
-- it when the post is live at once (the save announces itself) and clears
-- it when the post is scheduled for later.
ALTER TABLE content.blog_posts ADD COLUMN announced_at timestamptz;

-- Posts live before this release were announced by then (or their caches
-- have long expired); scheduled ones are announced when they go live.
UPDATE content.blog_posts SET announced_at = published_at WHERE is_published AND published_at <= now();

-- The claim's search: published, not yet announced, by publish time.
CREATE INDEX blog_posts_unannounced_idx ON content.blog_posts (published_at)
    WHERE is_published AND announced_at IS NULL;
