package passkeys

// The Postgres side: passkeys, ceremonies and the sign-in policy in schema
// "gateway" (accountspg's migration 004_passkeys.sql, applied with the
// gateway's other migrations).

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/valleytrenchless/site/internal/pgdb"
)

// Store keeps passkeys, ceremonies and the policy.
type Store struct{ pool *pgxpool.Pool }

// NewStore returns a Store on pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

const passkeyColumns = `id, user_id::text, name, public_key, sign_count, transports, aaguid, flags,
	attestation_type, attestation_format, attachment, created_at, last_used_at`

func scanPasskey(row pgx.CollectableRow) (Passkey, error) {
	var p Passkey
	var signCount int64
	var flags int16
	err := row.Scan(&p.ID, &p.UserID, &p.Name, &p.PublicKey, &signCount, &p.Transports, &p.AAGUID, &flags,
		&p.AttestationType, &p.AttestationFormat, &p.Attachment, &p.CreatedAt, &p.LastUsedAt)
	p.SignCount, p.Flags = uint32(signCount), byte(flags)
	return p, err
}

func onePasskey(rows pgx.Rows, err error) (Passkey, error) {
	if err != nil {
		return Passkey{}, err
	}
	p, err := pgx.CollectExactlyOneRow(rows, scanPasskey)
	if errors.Is(err, pgx.ErrNoRows) {
		return Passkey{}, ErrNotFound
	}
	return p, err
}

// Add stores a new passkey. A credential id already stored (for anyone)
// is ErrExists.
func (s *Store) Add(ctx context.Context, p Passkey) (Passkey, error) {
	if p.Transports == nil {
		p.Transports = []string{}
	}
	added, err := onePasskey(s.pool.Query(ctx, `INSERT INTO gateway.passkeys
			(id, user_id, name, public_key, sign_count, transports, aaguid, flags, attestation_type, attestation_format, attachment, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING `+passkeyColumns,
		p.ID, p.UserID, p.Name, p.PublicKey, int64(p.SignCount), p.Transports, p.AAGUID, int16(p.Flags),
		p.AttestationType, p.AttestationFormat, p.Attachment, p.CreatedAt))
	if pgdb.IsUniqueViolation(err) {
		return Passkey{}, ErrExists
	}
	if err != nil {
		return Passkey{}, fmt.Errorf("add passkey: %w", err)
	}
	return added, nil
}

// List returns the account's passkeys, oldest first.
func (s *Store) List(ctx context.Context, userID string) ([]Passkey, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+passkeyColumns+` FROM gateway.passkeys WHERE user_id = $1 ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("list passkeys: %w", err)
	}
	ps, err := pgx.CollectRows(rows, scanPasskey)
	if err != nil {
		return nil, fmt.Errorf("list passkeys: %w", err)
	}
	return ps, nil
}

// Rename names one of the account's passkeys; another account's is
// ErrNotFound.
func (s *Store) Rename(ctx context.Context, userID string, id []byte, name string) (Passkey, error) {
	return onePasskey(s.pool.Query(ctx, `UPDATE gateway.passkeys SET name = $3 WHERE user_id = $1 AND id = $2 RETURNING `+passkeyColumns,
		userID, id, name))
}

// Delete removes one of the account's passkeys; another account's is
// ErrNotFound. With keepOne it removes none but the account's last,
// answering ErrLastPasskey, in the same statement (two removals at once
// cannot leave none).
func (s *Store) Delete(ctx context.Context, userID string, id []byte, keepOne bool) error {
	var found, deleted bool
	err := s.pool.QueryRow(ctx, `WITH target AS (
			SELECT id FROM gateway.passkeys WHERE user_id = $1 AND id = $2 FOR UPDATE
		), others AS (
			SELECT count(*) AS n FROM (SELECT 1 FROM gateway.passkeys WHERE user_id = $1 AND id <> $2 FOR UPDATE) o
		), gone AS (
			DELETE FROM gateway.passkeys WHERE id IN (SELECT id FROM target) AND (NOT $3 OR (SELECT n FROM others) > 0) RETURNING id
		)
		SELECT EXISTS (SELECT 1 FROM target), EXISTS (SELECT 1 FROM gone)`, userID, id, keepOne).Scan(&found, &deleted)
	switch {
	case err != nil:
		return fmt.Errorf("delete passkey: %w", err)
	case !found:
		return ErrNotFound
	case !deleted:
		return ErrLastPasskey
	}
	return nil
}

// UserOf returns the account id of a credential id, or ErrNotFound.
func (s *Store) UserOf(ctx context.Context, credentialID []byte) (string, error) {
	var userID string
	err := s.pool.QueryRow(ctx, `SELECT user_id::text FROM gateway.passkeys WHERE id = $1`, credentialID).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("passkey holder: %w", err)
	}
	return userID, nil
}

// Used records a sign-in with the passkey: its counter and flags as the
// authenticator last reported them, and when.
func (s *Store) Used(ctx context.Context, id []byte, signCount uint32, flags byte, at time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE gateway.passkeys SET sign_count = $2, flags = $3, last_used_at = $4 WHERE id = $1`,
		id, int64(signCount), int16(flags), at)
	if err != nil {
		return fmt.Errorf("record passkey use: %w", err)
	}
	return nil
}

// Ceremony is a begun ceremony's state.
type Ceremony struct {
	Kind string
	// UserID is the account a passkey is being added to; empty for a
	// sign-in, whose account is not known until the passkey answers.
	UserID string
	// Name is the name the new passkey will have.
	Name string
	// Session is go-webauthn's SessionData, as JSON.
	Session   []byte
	ExpiresAt time.Time
}

// Ceremony kinds.
const (
	kindRegister = "register"
	kindSignIn   = "sign-in"
	kindEnrol    = "enrol"
)

// SaveCeremony stores a begun ceremony under the hash of its id, and
// drops those that expired before now (no sweeper needed: ceremonies are
// begun as often as they expire).
func (s *Store) SaveCeremony(ctx context.Context, idHash []byte, c Ceremony, now time.Time) error {
	var userID *string
	if c.UserID != "" {
		userID = &c.UserID
	}
	_, err := s.pool.Exec(ctx, `WITH swept AS (DELETE FROM gateway.passkey_ceremonies WHERE expires_at < $6)
		INSERT INTO gateway.passkey_ceremonies (id_hash, kind, user_id, name, session, expires_at) VALUES ($1, $2, $3, $4, $5, $7)`,
		idHash, c.Kind, userID, c.Name, c.Session, now, c.ExpiresAt)
	if err != nil {
		return fmt.Errorf("save passkey ceremony: %w", err)
	}
	return nil
}

// TakeCeremony removes and returns the ceremony of kind under idHash. One
// that is unknown, of another kind, already taken or expired at now is
// ErrNotFound: a challenge is answered once.
func (s *Store) TakeCeremony(ctx context.Context, idHash []byte, kind string, now time.Time) (Ceremony, error) {
	var c Ceremony
	var userID *string
	err := s.pool.QueryRow(ctx, `DELETE FROM gateway.passkey_ceremonies WHERE id_hash = $1
		RETURNING kind, user_id::text, name, session, expires_at`, idHash).Scan(&c.Kind, &userID, &c.Name, &c.Session, &c.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return Ceremony{}, ErrNotFound
	}
	if err != nil {
		return Ceremony{}, fmt.Errorf("take passkey ceremony: %w", err)
	}
	if c.Kind != kind || !now.Before(c.ExpiresAt) {
		return Ceremony{}, ErrNotFound
	}
	if userID != nil {
		c.UserID = *userID
	}
	return c, nil
}

// Policy returns the sign-in policy with how many active staff accounts
// sign in with a password and have no passkey (those the policy would
// send to add one).
func (s *Store) Policy(ctx context.Context) (Policy, error) {
	var p Policy
	err := s.pool.QueryRow(ctx, `SELECT require_passkey, updated_by, updated_at,
			(SELECT count(*) FROM gateway.users u WHERE u.is_staff AND u.disabled_at IS NULL AND u.sign_in = 'password'
				AND NOT EXISTS (SELECT 1 FROM gateway.passkeys p WHERE p.user_id = u.id))
		FROM gateway.sign_in_policy`).Scan(&p.RequirePasskey, &p.UpdatedBy, &p.UpdatedAt, &p.WithoutPasskey)
	if err != nil {
		return Policy{}, fmt.Errorf("sign-in policy: %w", err)
	}
	return p, nil
}

// SetPolicy turns the passkey requirement on or off, recording who.
func (s *Store) SetPolicy(ctx context.Context, require bool, by string, at time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE gateway.sign_in_policy SET require_passkey = $1, updated_by = $2, updated_at = $3`, require, by, at)
	if err != nil {
		return fmt.Errorf("set sign-in policy: %w", err)
	}
	return nil
}

// userHandle is the user handle an authenticator keeps for the account:
// its id's 16 bytes.
func userHandle(userID string) ([]byte, error) {
	id, err := uuid.Parse(userID)
	if err != nil {
		return nil, fmt.Errorf("account id %q: %w", userID, err)
	}
	return id[:], nil
}
