-- Passkeys (WebAuthn credentials) of staff accounts, the state a passkey
-- ceremony keeps between its two requests, and the owner's sign-in policy
-- (package passkeys).

-- One row per registered passkey. The user handle the authenticator keeps
-- is the account's id (16 random bytes, no personal data), so a row needs
-- no handle of its own.
CREATE TABLE gateway.passkeys (
    id           bytea PRIMARY KEY CHECK (octet_length(id) BETWEEN 16 AND 1023),
    user_id      uuid NOT NULL REFERENCES gateway.users (id) ON DELETE CASCADE,
    name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
    -- The COSE public key the authenticator made for this site.
    public_key   bytea NOT NULL,
    -- The authenticator's signature counter as last seen (0 for most synced
    -- passkeys, which do not count).
    sign_count   bigint NOT NULL DEFAULT 0,
    -- How the browser can reach the authenticator (internal, hybrid, usb, …).
    transports   text[] NOT NULL DEFAULT '{}',
    -- The authenticator model, when it says (all zeros when it does not).
    aaguid       uuid NOT NULL,
    -- The authenticator data flags (UP, UV, BE, BS) as last seen.
    flags        smallint NOT NULL,
    attestation_type   text NOT NULL DEFAULT '',
    attestation_format text NOT NULL DEFAULT '',
    attachment   text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz
);

CREATE INDEX passkeys_user_idx ON gateway.passkeys (user_id, created_at);

-- A ceremony between its begin and finish requests: the browser holds a
-- random id in a short-lived cookie, Postgres its SHA-256 and the
-- challenge. A row is taken (deleted) by its finish, so a challenge is
-- answered once, on whichever gateway replica the finish reaches.
CREATE TABLE gateway.passkey_ceremonies (
    id_hash    bytea PRIMARY KEY,
    -- register: a signed-in staff member adds a passkey; sign-in: anyone
    -- signs in with a passkey; enrol: a correct password the policy refused
    -- adds the account's first passkey (first a ticket without a challenge,
    -- then the ceremony).
    kind       text NOT NULL CHECK (kind IN ('register', 'sign-in', 'enrol')),
    user_id    uuid REFERENCES gateway.users (id) ON DELETE CASCADE,
    -- The passkey's name, chosen before the browser asks for it.
    name       text NOT NULL DEFAULT '',
    -- go-webauthn's SessionData as JSON.
    session    jsonb NOT NULL,
    expires_at timestamptz NOT NULL,
    CHECK ((kind = 'sign-in') = (user_id IS NULL))
);

CREATE INDEX passkey_ceremonies_expiry_idx ON gateway.passkey_ceremonies (expires_at);

-- The owner's sign-in policy: one row. With require_passkey on, a staff
-- account signs in with a passkey or Google, never with a password alone
-- (docs/security.md, "Passkeys").
CREATE TABLE gateway.sign_in_policy (
    only_row        boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    require_passkey boolean NOT NULL DEFAULT false,
    updated_by      text NOT NULL DEFAULT '',
    updated_at      timestamptz NOT NULL DEFAULT now()
);

INSERT INTO gateway.sign_in_policy DEFAULT VALUES;
