package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
)

const usersUsage = `usage:
  gateway users create --email EMAIL --password-stdin [--role owner|editor|sales] [--staff=true] [--if-missing]
  gateway users create --email EMAIL --google [--role owner|editor|sales] [--if-missing]
  gateway users set-password --email EMAIL --password-stdin
  gateway users sign-out (--email EMAIL | --all)

The password is read from the first line of standard input: at least 12
characters, and not easy to guess (not a common password or close to one,
not made of the e-mail or the company's name). Staff accounts are what operators create, owners unless
--role says otherwise (--staff=false makes an account without staff
rights); --google adds a company-domain Google account, which signs in
with Google and has no password. Self-registration never grants staff
rights. A new password signs the account out in every
browser; sign-out does that without one (--all: every account, e.g. after
a suspected leak).`

// usersCommand manages local accounts from the command line.
func usersCommand(ctx context.Context, log *slog.Logger, args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New(usersUsage)
	}
	fs := flag.NewFlagSet("users "+args[0], flag.ContinueOnError)
	email := fs.String("email", "", "account e-mail (the username)")
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input")
	staff := fs.Bool("staff", true, "grant staff rights")
	role := fs.String("role", identity.RoleOwner, "the staff role: owner, editor or sales")
	ifMissing := fs.Bool("if-missing", false, "succeed quietly when the account exists")
	all := fs.Bool("all", false, "sign-out: every account")
	google := fs.Bool("google", false, "create: a company-domain Google account (no password)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	password := ""
	switch args[0] {
	case "sign-out":
		if (*email == "") == !*all {
			return errors.New(usersUsage)
		}
	case "create":
		if *google {
			if *email == "" || *fromStdin || !*staff {
				return errors.New(usersUsage)
			}
			break
		}
		fallthrough
	default:
		if *email == "" || !*fromStdin {
			return errors.New(usersUsage)
		}
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		password = strings.TrimRight(line, "\r\n")
	}

	var cfg Config
	if err := config.Load("GATEWAY", &cfg); err != nil {
		return err
	}
	pool, err := pgdb.Open(ctx, log, cfg.DBURL, cfg.DBConnectTimeout)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := accountspg.Migrate(ctx, log, pool); err != nil {
		return err
	}
	svc := accounts.NewService(accountspg.New(pool), cfg.SessionIdle, cfg.SessionAbsolute)
	svc.SetPasswordWords(cfg.CompanyName, cfg.StaffDomain)
	switch args[0] {
	case "create":
		r := *role
		if !*staff {
			r = ""
		} else if !identity.ValidRole(r) {
			return fmt.Errorf("--role %q: use owner, editor or sales", r)
		}
		var u accounts.User
		if *google {
			u, err = svc.CreateGoogleUser(ctx, *email, r, cfg.StaffDomain)
		} else {
			u, err = svc.CreateLocalUser(ctx, *email, password, r, accounts.SourceOperator)
		}
		if errors.Is(err, accounts.ErrExists) && *ifMissing {
			fmt.Fprintf(stdout, "account %s already exists\n", accounts.NormalizeEmail(*email))
			return nil
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "created %s (staff: %t, role: %s)\n", u.Username, u.IsStaff, u.Role)
	case "set-password":
		if err := svc.SetPassword(ctx, *email, password); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "password changed for %s; its sessions ended\n", accounts.NormalizeEmail(*email))
	case "sign-out":
		n, err := svc.SignOut(ctx, *email)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d sessions ended\n", n)
	default:
		return errors.New(usersUsage)
	}
	return nil
}
