-- Uploaded images' metadata; the bytes live in the object store under
-- <hash>/<rendition>.<ext>.
CREATE TABLE media.images (
    key           text PRIMARY KEY CHECK (key ~ '^[a-f0-9]{64}\.(jpg|png|gif|webp)$'),
    original_name text NOT NULL DEFAULT '',
    mime          text NOT NULL,
    width         integer NOT NULL CHECK (width > 0),
    height        integer NOT NULL CHECK (height > 0),
    bytes         bigint NOT NULL CHECK (bytes >= 0),
    alt_text      text NOT NULL DEFAULT '',
    variants      jsonb NOT NULL DEFAULT '[]',
    uploaded_by   text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX images_newest_idx ON media.images (created_at DESC, key DESC);
