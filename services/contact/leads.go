package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
)

const leadsUsage = `usage: contact leads reimport --since <time>

  reimport   store again, from the lead stream LEADS, every lead published at
             or after --since (RFC 3339, e.g. 2026-11-27T20:00:00Z) that the
             database does not hold: after a restore from backup, the leads
             newer than the restored point. Idempotent: a lead stored already
             is left alone, so it can be run again, or with an earlier time.
             Uses the service's configuration (CONTACT_DB_URL, CONTACT_NATS_*);
             it reads LEADS only by single-message gets, which the runbook's
             read-only operator identity may do (CONTACT_NATS_NKEY_SEED=ops.seed).
             Then it erases again the leads of every leads.erased published at
             or after --since (a homeowner's erase or the retention made after
             the restored point), which the restored database has as they were.`

// leadsCommand is `contact leads …`, the operator's lead commands.
func leadsCommand(ctx context.Context, log *slog.Logger, cfg Config, args []string) error {
	if len(args) == 0 || args[0] != "reimport" {
		fmt.Fprintln(os.Stderr, leadsUsage)
		return fmt.Errorf("unknown leads command %q", args)
	}
	fs := flag.NewFlagSet("contact leads reimport", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	since := fs.String("since", "", "RFC 3339 time: re-import the leads published at or after it")
	if err := fs.Parse(args[1:]); err != nil || *since == "" || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, leadsUsage)
		return fmt.Errorf("contact leads reimport needs --since <RFC 3339 time>")
	}
	from, err := time.Parse(time.RFC3339Nano, *since)
	if err != nil {
		return fmt.Errorf("--since %q: not an RFC 3339 time (e.g. 2026-11-27T20:00:00Z)", *since)
	}

	pool, err := pgdb.Open(ctx, log, cfg.DBURL, cfg.DBConnectTimeout)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := contactpg.Migrate(ctx, log, pool); err != nil {
		return err
	}
	// An operator's command: it reads LEADS as the runbook's read-only
	// operator does (single messages), with that identity's inbox.
	nc, err := cfg.NATS.Connect(log, "ops")
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("jetstream: %w", err)
	}
	store := contactpg.New(pool)
	defer store.Close()
	// The stream part of the erases made again is left to the contact
	// service (this identity may only read LEADS): no stream eraser here.
	svc := contact.NewService(store, contactnats.Encoder{}, cfg.IPHashSalt).WithErasure(store, nil, contactnats.LeadsErased)
	started := time.Now()
	st, err := contactnats.Reimport(ctx, js, "LEADS", from, svc.Reimport)
	fmt.Printf("reimport: %d messages read, %d leads imported, %d already stored (through stream sequence %d, %s)\n",
		st.Read, st.Imported, st.Stored, st.Through, time.Since(started).Round(time.Millisecond))
	if err != nil {
		return err
	}
	read, erased, err := contactnats.ReapplyErasures(ctx, js, "LEADS", from, svc.EraseAgain)
	fmt.Printf("reimport: %d erasures read from the stream, %d leads erased again\n", read, erased)
	return err
}
