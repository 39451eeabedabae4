// Package accountspg stores the gateway's users, sessions and rate-limit
// buckets in Postgres schema "gateway".
package accountspg

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// Schema is the Postgres schema the gateway owns.
const Schema = "gateway"

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migrate applies the gateway's migrations.
func Migrate(ctx context.Context, log *slog.Logger, pool *pgxpool.Pool) error {
	return pgdb.MigrateDir(ctx, log, pool, Schema, migrationFS, "migrations")
}

// Store implements accounts.Store.
type Store struct{ pool *pgxpool.Pool }

// New returns a Store on pool.
func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

var _ accounts.Store = (*Store)(nil)

// userColumns: a staff row without a role was written by the release
// before roles (during a rollout or after a rollback) and reads as an
// owner's, as every staff account was then (migration 003).
const userColumns = `id::text, username, password_hash, is_staff, source, created_at,
	CASE WHEN is_staff AND role = '' THEN 'owner' ELSE role END, sign_in, invited_at, disabled_at, last_sign_in_at,
	coalesce(oidc_subject, '')`

// prefixed is userColumns read from the users table aliased u.
var prefixed = `u.id::text, u.username, u.password_hash, u.is_staff, u.source, u.created_at,
	CASE WHEN u.is_staff AND u.role = '' THEN 'owner' ELSE u.role END, u.sign_in, u.invited_at, u.disabled_at,
	u.last_sign_in_at, coalesce(u.oidc_subject, '')`

func userFields(u *accounts.User) []any {
	return []any{&u.ID, &u.Username, &u.PasswordHash, &u.IsStaff, &u.Source, &u.CreatedAt,
		&u.Role, &u.SignIn, &u.InvitedAt, &u.DisabledAt, &u.LastSignInAt, &u.OIDCSubject}
}

func scanUser(row pgx.CollectableRow) (accounts.User, error) {
	var u accounts.User
	err := row.Scan(userFields(&u)...)
	return u, err
}

func oneUser(rows pgx.Rows, err error) (accounts.User, error) {
	if err != nil {
		return accounts.User{}, err
	}
	u, err := pgx.CollectExactlyOneRow(rows, scanUser)
	if errors.Is(err, pgx.ErrNoRows) {
		return accounts.User{}, accounts.ErrNotFound
	}
	return u, err
}

// CreateUser inserts a user.
func (s *Store) CreateUser(ctx context.Context, u accounts.User) (accounts.User, error) {
	if u.SignIn == "" {
		u.SignIn = accounts.SignInPassword
	}
	created, err := oneUser(s.pool.Query(ctx, `INSERT INTO gateway.users (id, username, password_hash, is_staff, source, role, sign_in, invited_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING `+userColumns,
		uuid.NewString(), u.Username, u.PasswordHash, u.IsStaff, u.Source, u.Role, u.SignIn, u.InvitedAt))
	if pgdb.IsUniqueViolation(err) {
		return accounts.User{}, accounts.ErrExists
	}
	if err != nil {
		return accounts.User{}, fmt.Errorf("create user: %w", err)
	}
	return created, nil
}

// UserByUsername finds a user.
func (s *Store) UserByUsername(ctx context.Context, username string) (accounts.User, error) {
	return oneUser(s.pool.Query(ctx, `SELECT `+userColumns+` FROM gateway.users WHERE username = $1`, username))
}

// SetPassword replaces a password and ends the account's sessions, in one
// statement.
func (s *Store) SetPassword(ctx context.Context, username, hash string) error {
	var n int
	err := s.pool.QueryRow(ctx, `WITH u AS (UPDATE gateway.users SET password_hash = $2 WHERE username = $1 RETURNING id),
			ended AS (DELETE FROM gateway.sessions WHERE user_id IN (SELECT id FROM u))
		SELECT count(*) FROM u`, username, hash).Scan(&n)
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	if n == 0 {
		return accounts.ErrNotFound
	}
	return nil
}

// CreateSession inserts a session.
func (s *Store) CreateSession(ctx context.Context, idHash []byte, userID string, now, expires time.Time, origin accounts.SessionOrigin) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO gateway.sessions (id_hash, user_id, created_at, last_seen, expires_at, method, user_agent)
		VALUES ($1, $2, $3, $3, $4, $5, $6)`,
		idHash, userID, now, expires, origin.Method, origin.UserAgent)
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionByHash returns a session with its user.
func (s *Store) SessionByHash(ctx context.Context, idHash []byte) (accounts.Session, error) {
	var sess accounts.Session
	// A disabled account's sessions are deleted with the change; the
	// condition also holds for one a racing sign-in made meanwhile.
	err := s.pool.QueryRow(ctx, `SELECT `+prefixed+`, s.created_at, s.last_seen, s.expires_at,
			GREATEST(s.created_at, COALESCE(s.confirmed_at, s.created_at))
		FROM gateway.sessions s JOIN gateway.users u ON u.id = s.user_id WHERE s.id_hash = $1 AND u.disabled_at IS NULL`, idHash).
		Scan(append(userFields(&sess.User), &sess.CreatedAt, &sess.LastSeen, &sess.ExpiresAt, &sess.ConfirmedAt)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return accounts.Session{}, accounts.ErrNotFound
	}
	if err != nil {
		return accounts.Session{}, fmt.Errorf("session: %w", err)
	}
	return sess, nil
}

// TouchSession records activity.
func (s *Store) TouchSession(ctx context.Context, idHash []byte, now time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE gateway.sessions SET last_seen = $2 WHERE id_hash = $1`, idHash, now)
	return err
}

// DeleteSession removes a session.
func (s *Store) DeleteSession(ctx context.Context, idHash []byte) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM gateway.sessions WHERE id_hash = $1`, idHash)
	return err
}

// DeleteUserSessions removes the sessions of username, or every session
// when it is empty.
func (s *Store) DeleteUserSessions(ctx context.Context, username string) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM gateway.sessions WHERE $1 = ''
		OR user_id = (SELECT id FROM gateway.users WHERE username = $1)`, username)
	if err != nil {
		return 0, fmt.Errorf("delete sessions: %w", err)
	}
	return tag.RowsAffected(), nil
}

// ListUserSessions lists up to limit of userID's live sessions, most
// recently active first.
func (s *Store) ListUserSessions(ctx context.Context, userID string, now time.Time, idle time.Duration, limit int) ([]accounts.StoredSession, error) {
	rows, err := s.pool.Query(ctx, `SELECT id_hash, created_at, last_seen, expires_at, method, user_agent FROM gateway.sessions
		WHERE user_id = $1 AND expires_at > $2 AND last_seen > $3
		ORDER BY last_seen DESC, created_at DESC LIMIT $4`, userID, now, now.Add(-idle), limit)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (accounts.StoredSession, error) {
		var st accounts.StoredSession
		err := row.Scan(&st.IDHash, &st.CreatedAt, &st.LastSeen, &st.ExpiresAt, &st.Method, &st.UserAgent)
		return st, err
	})
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// DeleteUserSession ends userID's session idHash.
func (s *Store) DeleteUserSession(ctx context.Context, userID string, idHash []byte) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM gateway.sessions WHERE user_id = $1 AND id_hash = $2`, userID, idHash); err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	return nil
}

// ConfirmSession notes that the session's person proved it was them.
func (s *Store) ConfirmSession(ctx context.Context, idHash []byte, now time.Time) error {
	if _, err := s.pool.Exec(ctx, `UPDATE gateway.sessions SET confirmed_at = $2 WHERE id_hash = $1`, idHash, now); err != nil {
		return fmt.Errorf("confirm session: %w", err)
	}
	return nil
}

// DeleteOtherSessions ends userID's sessions but keep.
func (s *Store) DeleteOtherSessions(ctx context.Context, userID string, keep []byte) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM gateway.sessions WHERE user_id = $1 AND id_hash <> $2`, userID, keep)
	if err != nil {
		return 0, fmt.Errorf("end other sessions: %w", err)
	}
	return tag.RowsAffected(), nil
}

// DeleteExpiredSessions removes sessions past either expiry.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time, idle time.Duration) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM gateway.sessions WHERE expires_at <= $1 OR last_seen <= $2`, now, now.Add(-idle))
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}
