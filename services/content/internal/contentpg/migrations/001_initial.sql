-- Blog posts, their revisions, and editable site text (SPEC §3, DESIGN §3).
CREATE TABLE content.blog_posts (
    id                uuid PRIMARY KEY,
    slug              text NOT NULL UNIQUE
                      CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    title             text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    excerpt           text NOT NULL CHECK (length(excerpt) BETWEEN 1 AND 500),
    content           text NOT NULL,
    image_url         text NOT NULL DEFAULT '',
    published_at      timestamptz NOT NULL DEFAULT now(),
    is_published      boolean NOT NULL DEFAULT true,
    -- Explicit category; NULL means derived from the title.
    category          text,
    read_time_minutes integer NOT NULL DEFAULT 1 CHECK (read_time_minutes >= 1),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    updated_by        text NOT NULL DEFAULT ''
);

-- The public list: published, live, newest first.
CREATE INDEX blog_posts_live_idx ON content.blog_posts (published_at DESC) WHERE is_published;

CREATE TABLE content.post_revisions (
    id           uuid PRIMARY KEY,
    post_id      uuid NOT NULL REFERENCES content.blog_posts (id) ON DELETE CASCADE,
    slug         text NOT NULL,
    title        text NOT NULL,
    excerpt      text NOT NULL,
    content      text NOT NULL,
    image_url    text NOT NULL,
    published_at timestamptz NOT NULL,
    is_published boolean NOT NULL,
    category     text,
    saved_by     text NOT NULL,
    saved_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX post_revisions_post_idx ON content.post_revisions (post_id, saved_at DESC);

CREATE TABLE content.editable_content (
    id           uuid PRIMARY KEY,
    content_key  text NOT NULL UNIQUE CHECK (length(content_key) BETWEEN 1 AND 100),
    content      text NOT NULL,
    content_type text NOT NULL DEFAULT 'text' CHECK (content_type IN ('html', 'text')),
    category     text NOT NULL DEFAULT 'general'
                 CHECK (category IN ('homepage', 'services', 'about', 'contact', 'general')),
    description  text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Seeds applied once; a seed is never re-applied, so content staff delete
-- stays deleted.
CREATE TABLE content.seed_runs (
    name       text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
);
