package accounts_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
)

// TestANewPasswordEndsEverySession: setting a password (the operator's
// `gateway users set-password`) signs the account out in every browser,
// and the old password no longer signs in; other accounts keep theirs.
func TestANewPasswordEndsEverySession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc := accounts.NewService(accountspg.New(pgtest.NewPool(t, accountspg.Migrate)), time.Hour, 24*time.Hour)
	ana, err := svc.CreateLocalUser(ctx, "ana@valleytrenchless.example", "correct horse battery", "owner", accounts.SourceOperator)
	require.NoError(t, err)
	bob, err := svc.CreateLocalUser(ctx, "bob@valleytrenchless.example", "another long passphrase", "owner", accounts.SourceOperator)
	require.NoError(t, err)
	var anas []string
	for range 2 {
		id, _, err := svc.StartSession(ctx, ana, accounts.SessionOrigin{Method: accounts.MethodPassword})
		require.NoError(t, err)
		anas = append(anas, id)
	}
	bobs, _, err := svc.StartSession(ctx, bob, accounts.SessionOrigin{Method: accounts.MethodPassword})
	require.NoError(t, err)

	require.NoError(t, svc.SetPassword(ctx, "Ana@valleytrenchless.example", "a brand new passphrase"))
	for _, id := range anas {
		_, err := svc.Lookup(ctx, id)
		require.ErrorIs(t, err, accounts.ErrNoSession)
	}
	_, err = svc.Lookup(ctx, bobs)
	require.NoError(t, err, "another account is not signed out")
	_, err = svc.Authenticate(ctx, "ana@valleytrenchless.example", "correct horse battery")
	require.Error(t, err)
	_, err = svc.Authenticate(ctx, "ana@valleytrenchless.example", "a brand new passphrase")
	require.NoError(t, err)

	require.ErrorIs(t, svc.SetPassword(ctx, "nobody@valleytrenchless.example", "a brand new passphrase"), accounts.ErrNotFound)
}

// TestSignOutEndsOneAccountsSessionsOrAll: the operator's sign-out.
func TestSignOutEndsOneAccountsSessionsOrAll(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc := accounts.NewService(accountspg.New(pgtest.NewPool(t, accountspg.Migrate)), time.Hour, 24*time.Hour)
	var sessions []string
	for _, email := range []string{"ana@valleytrenchless.example", "bob@valleytrenchless.example"} {
		u, err := svc.CreateLocalUser(ctx, email, "correct horse battery", "owner", accounts.SourceOperator)
		require.NoError(t, err)
		for range 2 {
			id, _, err := svc.StartSession(ctx, u, accounts.SessionOrigin{Method: accounts.MethodPassword})
			require.NoError(t, err)
			sessions = append(sessions, id)
		}
	}
	n, err := svc.SignOut(ctx, "ANA@valleytrenchless.example")
	require.NoError(t, err)
	require.EqualValues(t, 2, n)
	_, err = svc.Lookup(ctx, sessions[0])
	require.ErrorIs(t, err, accounts.ErrNoSession)
	_, err = svc.Lookup(ctx, sessions[2])
	require.NoError(t, err)
	n, err = svc.SignOut(ctx, "nobody@valleytrenchless.example")
	require.NoError(t, err)
	require.Zero(t, n)
	n, err = svc.SignOut(ctx, "")
	require.NoError(t, err)
	require.EqualValues(t, 2, n)
	_, err = svc.Lookup(ctx, sessions[3])
	require.ErrorIs(t, err, accounts.ErrNoSession)
}
