-- Staff roles, invitations, disabling, and Google identities matched by
-- their subject once linked (issue 39).
ALTER TABLE gateway.users
    -- owner: everything; editor: posts, site text, media; sales: leads.
    ADD COLUMN role text NOT NULL DEFAULT '' CHECK (role IN ('', 'owner', 'editor', 'sales')),
    -- How the person signs in: a password, or a company-domain Google account.
    ADD COLUMN sign_in text NOT NULL DEFAULT 'password' CHECK (sign_in IN ('password', 'google')),
    -- Set when an owner invites the person; cleared by the first sign-in
    -- (or the set-password link's use).
    ADD COLUMN invited_at timestamptz,
    -- A disabled account cannot sign in and has no sessions.
    ADD COLUMN disabled_at timestamptz,
    ADD COLUMN last_sign_in_at timestamptz,
    -- The identity provider's stable subject ("sub"), recorded at the first
    -- Google sign-in; from then on the account is matched by it, not by the
    -- e-mail address a provider may reassign.
    ADD COLUMN oidc_subject text UNIQUE;

-- Before roles, every staff account could do everything.
UPDATE gateway.users SET role = 'owner' WHERE is_staff;
UPDATE gateway.users SET sign_in = 'google' WHERE source = 'oidc';

-- Only staff have a role. A staff row without one is what the release
-- before roles writes while it still runs (a rollout, a rollback): it is
-- read as an owner, as every staff account was then.
ALTER TABLE gateway.users
    ADD CONSTRAINT users_role_only_for_staff CHECK (role = '' OR is_staff),
    DROP CONSTRAINT users_source_check,
    ADD CONSTRAINT users_source_check CHECK (source IN ('operator', 'oidc', 'registered', 'invited'));

-- One-time links that set an invited (or reset) account's password. Stored
-- by the SHA-256 of the token, like sessions; one live link per account.
CREATE TABLE gateway.password_links (
    token_hash bytea PRIMARY KEY,
    user_id    uuid NOT NULL UNIQUE REFERENCES gateway.users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
