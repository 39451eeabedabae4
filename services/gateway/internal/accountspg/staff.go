package accountspg

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// UserByID finds a user.
func (s *Store) UserByID(ctx context.Context, id string) (accounts.User, error) {
	if uuid.Validate(id) != nil {
		return accounts.User{}, accounts.ErrNotFound
	}
	return oneUser(s.pool.Query(ctx, `SELECT `+userColumns+` FROM gateway.users WHERE id = $1`, id))
}

// OIDCSignIn finds (or, for the first staff account or an open autoRole,
// makes) the staff account of a verified company-domain identity, in one
// transaction.
func (s *Store) OIDCSignIn(ctx context.Context, username, subject, autoRole string, now time.Time) (accounts.User, error) {
	var u accounts.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Serialises first sign-ins, so two people cannot both become the
		// first owner.
		if _, err := tx.Exec(ctx, `LOCK TABLE gateway.users IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return err
		}
		var err error
		u, err = oneUser(tx.Query(ctx, `SELECT `+userColumns+` FROM gateway.users WHERE oidc_subject = $1`, subject))
		if errors.Is(err, accounts.ErrNotFound) {
			// Not linked yet: the account of this e-mail, if it is staff
			// and not linked to another subject.
			u, err = oneUser(tx.Query(ctx, `SELECT `+userColumns+` FROM gateway.users
				WHERE username = $1 AND is_staff AND oidc_subject IS NULL`, username))
		}
		if errors.Is(err, accounts.ErrNotFound) {
			role := autoRole
			var staff int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM gateway.users WHERE is_staff`).Scan(&staff); err != nil {
				return err
			}
			if staff == 0 {
				role = "owner" // the first account
			}
			if role == "" {
				return accounts.ErrNotInvited
			}
			// A self-registered account of this e-mail becomes the staff
			// account; its password was never verified as the company's.
			u, err = oneUser(tx.Query(ctx, `INSERT INTO gateway.users (id, username, is_staff, source, role, sign_in)
				VALUES ($1, $2, true, 'oidc', $3, 'google')
				ON CONFLICT (username) DO UPDATE SET is_staff = true, role = $3, sign_in = 'google', source = 'oidc', password_hash = ''
				WHERE gateway.users.source = 'registered'
				RETURNING `+userColumns, uuid.NewString(), username, role))
			if errors.Is(err, accounts.ErrNotFound) {
				return accounts.ErrNotInvited
			}
		}
		if err != nil {
			return err
		}
		if u.DisabledAt != nil {
			return accounts.ErrDisabled
		}
		if u.OIDCSubject == "" {
			_, err = tx.Exec(ctx, `UPDATE gateway.users SET oidc_subject = $2 WHERE id = $1`, u.ID, subject)
			u.OIDCSubject = subject
		}
		return err
	})
	if err != nil && !errors.Is(err, accounts.ErrNotInvited) && !errors.Is(err, accounts.ErrDisabled) {
		return accounts.User{}, fmt.Errorf("oidc sign-in: %w", err)
	}
	return u, err
}

// RecordSignIn notes a sign-in and ends the account's invitation.
func (s *Store) RecordSignIn(ctx context.Context, userID string, now time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE gateway.users SET last_sign_in_at = $2, invited_at = NULL WHERE id = $1`, userID, now)
	if err != nil {
		return fmt.Errorf("record sign-in: %w", err)
	}
	return nil
}

// ListStaff returns staff accounts, owners first, then by e-mail.
func (s *Store) ListStaff(ctx context.Context, limit int) ([]accounts.User, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+prefixed+`, (SELECT count(*) FROM gateway.passkeys p WHERE p.user_id = u.id)
		FROM gateway.users u WHERE u.is_staff
		ORDER BY array_position(ARRAY['owner', 'editor', 'sales'], nullif(u.role, '')) NULLS FIRST, u.username LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("list staff: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (accounts.User, error) {
		var u accounts.User
		err := row.Scan(append(userFields(&u), &u.Passkeys)...)
		return u, err
	})
}

// UpdateStaff changes a staff account's role or disables it, keeping at
// least one active owner: the active owners are locked first, so two
// owners demoting each other at once cannot both succeed.
func (s *Store) UpdateStaff(ctx context.Context, id string, c accounts.StaffChange, now time.Time) (accounts.User, error) {
	if uuid.Validate(id) != nil {
		return accounts.User{}, accounts.ErrNotFound
	}
	var u accounts.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id::text FROM gateway.users
			WHERE is_staff AND role IN ('owner', '') AND disabled_at IS NULL FOR UPDATE`)
		if err != nil {
			return err
		}
		owners, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		cur, err := oneUser(tx.Query(ctx, `SELECT `+userColumns+` FROM gateway.users WHERE id = $1 AND is_staff FOR UPDATE`, id))
		if err != nil {
			return err
		}
		demoted := c.Role != nil && *c.Role != "owner"
		disabled := c.Disabled != nil && *c.Disabled
		if cur.Role == "owner" && cur.DisabledAt == nil && (demoted || disabled) && len(owners) <= 1 {
			return accounts.ErrLastOwner
		}
		u, err = oneUser(tx.Query(ctx, `UPDATE gateway.users SET
				role = coalesce($2, nullif(role, ''), 'owner'),
				disabled_at = CASE WHEN $3::boolean IS NULL THEN disabled_at WHEN $3 THEN coalesce(disabled_at, $4) END
			WHERE id = $1 RETURNING `+userColumns, id, c.Role, c.Disabled, now))
		if err != nil {
			return err
		}
		if u.DisabledAt != nil {
			_, err = tx.Exec(ctx, `DELETE FROM gateway.sessions WHERE user_id = $1`, id)
		}
		return err
	})
	if err != nil && !errors.Is(err, accounts.ErrNotFound) && !errors.Is(err, accounts.ErrLastOwner) {
		return accounts.User{}, fmt.Errorf("update staff: %w", err)
	}
	return u, err
}

// SetPasswordLink stores a link, replacing the account's earlier one.
func (s *Store) SetPasswordLink(ctx context.Context, userID string, tokenHash []byte, expires time.Time, reset bool) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO gateway.password_links (token_hash, user_id, expires_at, reset) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = $1, created_at = now(), expires_at = $3, reset = $4`,
		tokenHash, userID, expires, reset)
	if err != nil {
		return fmt.Errorf("set password link: %w", err)
	}
	return nil
}

// PasswordLinkUser returns a live link of an enabled account.
func (s *Store) PasswordLinkUser(ctx context.Context, tokenHash []byte, now time.Time) (accounts.LinkInfo, error) {
	var l accounts.LinkInfo
	err := s.pool.QueryRow(ctx, `SELECT `+prefixed+`, l.expires_at, l.reset FROM gateway.password_links l
		JOIN gateway.users u ON u.id = l.user_id WHERE l.token_hash = $1 AND l.expires_at > $2 AND u.disabled_at IS NULL`,
		tokenHash, now).Scan(append(userFields(&l.User), &l.Expires, &l.Reset)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return accounts.LinkInfo{}, accounts.ErrNoLink
	}
	if err != nil {
		return accounts.LinkInfo{}, fmt.Errorf("password link: %w", err)
	}
	return l, nil
}

// UsePasswordLink spends a live link: it is deleted, the password set, the
// invitation ended and the account's sessions ended, in one statement.
func (s *Store) UsePasswordLink(ctx context.Context, tokenHash []byte, passwordHash string, now time.Time) (accounts.User, error) {
	u, err := oneUser(s.pool.Query(ctx, `WITH l AS (
			DELETE FROM gateway.password_links WHERE token_hash = $1 AND expires_at > $3 RETURNING user_id),
		ended AS (DELETE FROM gateway.sessions WHERE user_id IN (SELECT user_id FROM l))
		UPDATE gateway.users SET password_hash = $2, invited_at = NULL
		WHERE id IN (SELECT user_id FROM l) AND disabled_at IS NULL RETURNING `+userColumns, tokenHash, passwordHash, now))
	if errors.Is(err, accounts.ErrNotFound) {
		return accounts.User{}, accounts.ErrNoLink
	}
	if err != nil {
		return accounts.User{}, fmt.Errorf("use password link: %w", err)
	}
	return u, nil
}

// SetPasswordKeep replaces a password and ends the account's other
// sessions, in one statement.
func (s *Store) SetPasswordKeep(ctx context.Context, userID, hash string, keep []byte) error {
	_, err := s.pool.Exec(ctx, `WITH u AS (UPDATE gateway.users SET password_hash = $2 WHERE id = $1 RETURNING id)
		DELETE FROM gateway.sessions WHERE user_id IN (SELECT id FROM u) AND id_hash <> $3`, userID, hash, keep)
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}
