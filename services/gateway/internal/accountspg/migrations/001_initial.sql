-- Staff and visitor accounts, and server-side sessions (DESIGN §5).
CREATE TABLE gateway.users (
    id            uuid PRIMARY KEY,
    username      text NOT NULL UNIQUE CHECK (username = lower(username) AND position('@' in username) > 1),
    password_hash text NOT NULL DEFAULT '',
    is_staff      boolean NOT NULL DEFAULT false,
    source        text NOT NULL CHECK (source IN ('operator', 'oidc', 'registered')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    -- A self-registered account never has staff rights.
    CHECK (NOT (is_staff AND source = 'registered'))
);

CREATE TABLE gateway.sessions (
    id_hash    bytea PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES gateway.users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    last_seen  timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_expiry_idx ON gateway.sessions (expires_at);
