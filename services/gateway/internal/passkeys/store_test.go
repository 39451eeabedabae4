package passkeys_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
	"github.com/valleytrenchless/site/services/gateway/internal/passkeys"
)

// newPool is a fresh database with the gateway's migrations.
func newPool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	return pgtest.NewPool(t, accountspg.Migrate)
}

// addUser inserts an account as the gateway's migrations shape it: staff
// with a role (owner, editor, sales) or, with role "", not staff. A
// password of "" is a Google account's.
func addUser(t *testing.T, pool *pgxpool.Pool, email, role, password string) accounts.User {
	t.Helper()
	u := accounts.User{ID: uuid.NewString(), Username: email, Role: role, IsStaff: role != "", SignIn: accounts.SignInPassword, Source: accounts.SourceOperator}
	if password == "" {
		u.SignIn, u.Source = accounts.SignInGoogle, accounts.SourceOIDC
	} else {
		hash, err := accounts.HashPassword(password)
		require.NoError(t, err)
		u.PasswordHash = hash
	}
	if !u.IsStaff {
		u.Source = accounts.SourceRegistered
	}
	_, err := pool.Exec(context.Background(), `INSERT INTO gateway.users (id, username, password_hash, is_staff, source, role, sign_in)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, u.ID, u.Username, u.PasswordHash, u.IsStaff, u.Source, u.Role, u.SignIn)
	require.NoError(t, err)
	return u
}

func testPasskey(userID, name string, at time.Time) passkeys.Passkey {
	id := uuid.New()
	return passkeys.Passkey{ID: append(id[:], id[:]...), UserID: userID, Name: name, PublicKey: []byte{0xa5, 1, 2},
		Transports: []string{"internal", "hybrid"}, AAGUID: uuid.New(), Flags: 0x45, AttestationFormat: "none", CreatedAt: at}
}

// TestStoreKeepsEachAccountsPasskeysApart: an account lists, renames and
// removes its own passkeys only; a credential id is registered once.
func TestStoreKeepsEachAccountsPasskeysApart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newPool(t)
	store := passkeys.NewStore(pool)
	ann := addUser(t, pool, "ann@example.test", "owner", "ann-password-123")
	bob := addUser(t, pool, "bob@example.test", "editor", "bob-password-123")
	t0 := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)

	laptop, err := store.Add(ctx, testPasskey(ann.ID, "Laptop", t0))
	require.NoError(t, err)
	phone, err := store.Add(ctx, testPasskey(ann.ID, "Phone", t0.Add(time.Hour)))
	require.NoError(t, err)
	bobs, err := store.Add(ctx, testPasskey(bob.ID, "Bob's key", t0))
	require.NoError(t, err)
	require.Equal(t, []string{"internal", "hybrid"}, laptop.Transports)
	require.Nil(t, laptop.LastUsedAt)

	_, err = store.Add(ctx, passkeys.Passkey{ID: phone.ID, UserID: bob.ID, Name: "copy", PublicKey: []byte{1}, CreatedAt: t0})
	require.ErrorIs(t, err, passkeys.ErrExists, "a credential id belongs to one account")

	list, err := store.List(ctx, ann.ID)
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, "Laptop", list[0].Name, "oldest first")
	require.Equal(t, "Phone", list[1].Name)

	_, err = store.Rename(ctx, bob.ID, laptop.ID, "mine now")
	require.ErrorIs(t, err, passkeys.ErrNotFound, "Bob cannot rename Ann's passkey")
	renamed, err := store.Rename(ctx, ann.ID, laptop.ID, "Work laptop")
	require.NoError(t, err)
	require.Equal(t, "Work laptop", renamed.Name)

	require.ErrorIs(t, store.Delete(ctx, bob.ID, laptop.ID, false), passkeys.ErrNotFound, "Bob cannot remove Ann's passkey")
	require.NoError(t, store.Delete(ctx, ann.ID, laptop.ID, true), "Ann keeps her phone's")
	require.ErrorIs(t, store.Delete(ctx, ann.ID, phone.ID, true), passkeys.ErrLastPasskey, "the last one stays when one must")
	require.NoError(t, store.Delete(ctx, ann.ID, phone.ID, false))
	require.ErrorIs(t, store.Delete(ctx, ann.ID, phone.ID, false), passkeys.ErrNotFound)
	list, err = store.List(ctx, ann.ID)
	require.NoError(t, err)
	require.Empty(t, list)

	owner, err := store.UserOf(ctx, bobs.ID)
	require.NoError(t, err)
	require.Equal(t, bob.ID, owner)
	require.NoError(t, store.Used(ctx, bobs.ID, 7, 0x05, t0.Add(2*time.Hour)))
	list, err = store.List(ctx, bob.ID)
	require.NoError(t, err)
	require.EqualValues(t, 7, list[0].SignCount)
	require.Equal(t, byte(0x05), list[0].Flags)
	require.True(t, list[0].LastUsedAt.Equal(t0.Add(2*time.Hour)))

	_, err = pool.Exec(ctx, `DELETE FROM gateway.users WHERE id = $1`, bob.ID)
	require.NoError(t, err)
	_, err = store.UserOf(ctx, bobs.ID)
	require.ErrorIs(t, err, passkeys.ErrNotFound, "an account's passkeys go with it")
}

// TestCeremoniesAreTakenOnceAndExpire: a ceremony is answered once, only
// as the kind it was begun as, and not after its time.
func TestCeremoniesAreTakenOnceAndExpire(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newPool(t)
	store := passkeys.NewStore(pool)
	ann := addUser(t, pool, "ann@example.test", "owner", "ann-password-123")
	now := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	state := []byte(`{"challenge":"abc"}`)

	require.NoError(t, store.SaveCeremony(ctx, []byte("one"), passkeys.Ceremony{Kind: "register", UserID: ann.ID, Name: "Laptop", Session: state, ExpiresAt: now.Add(time.Minute)}, now))
	c, err := store.TakeCeremony(ctx, []byte("one"), "register", now.Add(30*time.Second))
	require.NoError(t, err)
	require.Equal(t, ann.ID, c.UserID)
	require.Equal(t, "Laptop", c.Name)
	require.JSONEq(t, string(state), string(c.Session))
	_, err = store.TakeCeremony(ctx, []byte("one"), "register", now.Add(30*time.Second))
	require.ErrorIs(t, err, passkeys.ErrNotFound, "answered once")

	require.NoError(t, store.SaveCeremony(ctx, []byte("two"), passkeys.Ceremony{Kind: "sign-in", Session: state, ExpiresAt: now.Add(time.Minute)}, now))
	_, err = store.TakeCeremony(ctx, []byte("two"), "register", now)
	require.ErrorIs(t, err, passkeys.ErrNotFound, "a sign-in's challenge does not register a passkey")
	_, err = store.TakeCeremony(ctx, []byte("two"), "sign-in", now)
	require.ErrorIs(t, err, passkeys.ErrNotFound, "and is spent by the try")

	require.NoError(t, store.SaveCeremony(ctx, []byte("three"), passkeys.Ceremony{Kind: "sign-in", Session: state, ExpiresAt: now.Add(time.Minute)}, now))
	_, err = store.TakeCeremony(ctx, []byte("three"), "sign-in", now.Add(time.Minute))
	require.ErrorIs(t, err, passkeys.ErrNotFound, "expired")

	// A new ceremony sweeps the expired ones.
	require.NoError(t, store.SaveCeremony(ctx, []byte("four"), passkeys.Ceremony{Kind: "sign-in", Session: state, ExpiresAt: now.Add(time.Minute)}, now))
	require.NoError(t, store.SaveCeremony(ctx, []byte("five"), passkeys.Ceremony{Kind: "sign-in", Session: state, ExpiresAt: now.Add(3 * time.Minute)}, now.Add(2*time.Minute)))
	var left int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM gateway.passkey_ceremonies`).Scan(&left))
	require.Equal(t, 1, left)
}

// TestPolicyCountsTheAccountsItWouldSendToAddAPasskey: the policy starts
// off, records who changed it, and counts the active staff accounts with
// a password and no passkey (not Google accounts, not disabled ones, not
// visitors).
func TestPolicyCountsTheAccountsItWouldSendToAddAPasskey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newPool(t)
	store := passkeys.NewStore(pool)
	ann := addUser(t, pool, "ann@example.test", "owner", "ann-password-123")
	addUser(t, pool, "bob@example.test", "editor", "bob-password-123")
	addUser(t, pool, "gail@example.test", "sales", "")
	addUser(t, pool, "visitor@elsewhere.test", "", "visitor-password-1")
	dan := addUser(t, pool, "dan@example.test", "sales", "dan-password-1234")
	_, err := pool.Exec(ctx, `UPDATE gateway.users SET disabled_at = now() WHERE id = $1`, dan.ID)
	require.NoError(t, err)

	p, err := store.Policy(ctx)
	require.NoError(t, err)
	require.False(t, p.RequirePasskey)
	require.Empty(t, p.UpdatedBy)
	require.Equal(t, 2, p.WithoutPasskey, "Ann and Bob")

	_, err = store.Add(ctx, testPasskey(ann.ID, "Laptop", time.Now()))
	require.NoError(t, err)
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	require.NoError(t, store.SetPolicy(ctx, true, ann.Username, at))
	p, err = store.Policy(ctx)
	require.NoError(t, err)
	require.True(t, p.RequirePasskey)
	require.Equal(t, ann.Username, p.UpdatedBy)
	require.True(t, p.UpdatedAt.Equal(at))
	require.Equal(t, 1, p.WithoutPasskey, "Bob")
}
