-- Per-post search and social fields (issue 28): the title and description
-- search engines and shared links show, and the image shared links show.
-- Empty means the post's own title, excerpt and hero image. Revisions keep
-- them too, so a restore brings them back.
ALTER TABLE content.blog_posts
    ADD COLUMN seo_title text NOT NULL DEFAULT '',
    ADD COLUMN seo_description text NOT NULL DEFAULT '',
    ADD COLUMN social_image_url text NOT NULL DEFAULT '';
ALTER TABLE content.post_revisions
    ADD COLUMN seo_title text NOT NULL DEFAULT '',
    ADD COLUMN seo_description text NOT NULL DEFAULT '',
    ADD COLUMN social_image_url text NOT NULL DEFAULT '';
