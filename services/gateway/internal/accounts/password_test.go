package accounts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
)

// TestGuessablePasswordsAreRefused: a new password must be long (12) and
// not one a guesser tries early (ASVS 6.2.4, 6.2.11): common passwords
// and their variants, keyboard walks, repeats, the account's e-mail, the
// business's trade and cities, the company's configured name.
func TestGuessablePasswordsAreRefused(t *testing.T) {
	t.Parallel()
	svc := accounts.NewService(nil, time.Hour, 24*time.Hour)
	svc.SetPasswordWords("Desert Rooter Co", "desertrooter.example")
	const email = "ana.lopez@desertrooter.example"
	for _, pw := range []string{
		"password1234", "Password123!", "qwertyuiop12", "iloveyou1234", "123456789012", "aaaaaaaaaaaa",
		"p@ssw0rd2026", "hunter2hunter2",
		"analopez2026!", "ana.lopez@desertrooter.example", // the e-mail
		"DesertRooter1!", "desertrooter.example", // the company
		"trenchless2026", "Scottsdale123!", // the trade and the area
		strings.Repeat("a", 300), strings.Repeat("password", 40), // long, and just as guessable
	} {
		require.ErrorIs(t, svc.CheckNewPassword(pw, email), accounts.ErrGuessablePassword, pw)
	}
	require.ErrorIs(t, svc.CheckNewPassword("short", email), accounts.ErrShortPassword)
	for _, pw := range []string{
		"correct horse battery staple", "k3Jx9-qpLm2Z", "a long enough password", "e2e-staff-password-1",
		"Ocotillo lantern 47 glacier", strings.Repeat("k3Jx9-qpLm2Z", 30),
	} {
		require.NoError(t, svc.CheckNewPassword(pw, email), pw)
	}
}

// TestEveryWayToSetAPasswordRefusesAGuessableOne: an operator's account,
// the operator's new password, a set-password link and a person changing
// their own all refuse "Password123!", and store nothing.
func TestEveryWayToSetAPasswordRefusesAGuessableOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc := accounts.NewService(accountspg.New(pgtest.NewPool(t, accountspg.Migrate)), time.Hour, 24*time.Hour)
	const weak, strong = "Password123!", "correct horse battery staple"

	_, err := svc.CreateLocalUser(ctx, "ana@valleytrenchless.example", weak, "owner", accounts.SourceOperator)
	require.ErrorIs(t, err, accounts.ErrGuessablePassword)
	_, err = svc.UserByUsername(ctx, "ana@valleytrenchless.example")
	require.ErrorIs(t, err, accounts.ErrNotFound, "no account was made")

	ana, err := svc.CreateLocalUser(ctx, "ana@valleytrenchless.example", strong, "owner", accounts.SourceOperator)
	require.NoError(t, err)
	require.ErrorIs(t, svc.SetPassword(ctx, ana.Username, weak), accounts.ErrGuessablePassword)
	session, _, err := svc.StartSession(ctx, ana, accounts.SessionOrigin{Method: accounts.MethodPassword})
	require.NoError(t, err)
	require.ErrorIs(t, svc.ChangePassword(ctx, ana, session, strong, weak), accounts.ErrGuessablePassword)

	bo, link, err := svc.Invite(ctx, "bo@valleytrenchless.example", "editor", accounts.SignInPassword, "valleytrenchless.example")
	require.NoError(t, err)
	_, err = svc.UsePasswordLink(ctx, link.Token, "bo@valleytrenchless.example")
	require.ErrorIs(t, err, accounts.ErrGuessablePassword)
	_, err = svc.PasswordLink(ctx, link.Token)
	require.NoError(t, err, "a refused password leaves the link working")
	_, err = svc.UsePasswordLink(ctx, link.Token, strong)
	require.NoError(t, err)

	// Nothing changed: ana's password is still the strong one.
	_, err = svc.Authenticate(ctx, ana.Username, strong)
	require.NoError(t, err)
	_, err = svc.Authenticate(ctx, bo.Username, strong)
	require.NoError(t, err)
}
