// Package residue finds what is left of a person's details in the
// product's stores: every text-like column of every table of a Postgres
// database (all schemas), every message of a JetStream stream, every file
// under a folder. The erasure tests (issue 39) use it to show that an
// erase leaves nothing of the person anywhere the product keeps data.
package residue

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"
)

// Needle is one detail to look for: Text in any case, or, with Digits, a
// phone number's digits among the digits of a value ("(480) 555-0199"
// holds 4805550199).
type Needle struct {
	Text   string
	Digits bool
}

// Of makes the needles of a person: each text, and a phone's digits.
func Of(phoneDigits string, texts ...string) []Needle {
	out := make([]Needle, 0, len(texts)+1)
	for _, t := range texts {
		out = append(out, Needle{Text: t})
	}
	if phoneDigits != "" {
		out = append(out, Needle{Text: phoneDigits, Digits: true})
	}
	return out
}

func (n Needle) String() string {
	if n.Digits {
		return "digits " + n.Text
	}
	return fmt.Sprintf("%q", n.Text)
}

// In reports whether value holds n.
func (n Needle) In(value []byte) bool {
	if n.Digits {
		return bytes.Contains(digits(value), []byte(n.Text))
	}
	return bytes.Contains(bytes.ToLower(value), bytes.ToLower([]byte(n.Text)))
}

func digits(b []byte) []byte {
	return bytes.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, b)
}

// Postgres returns "schema.table.column: needle (n rows)" for every
// column of every table in every schema of the database conn is on
// (pg_catalog and information_schema aside) whose values hold a needle. A
// column is read as text (arrays, JSON, enums too); bytea is read as the
// text its bytes spell.
func Postgres(ctx context.Context, conn *pgx.Conn, needles []Needle) ([]string, error) {
	rows, err := conn.Query(ctx, `SELECT c.table_schema, c.table_name, c.column_name, c.data_type
		FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
		WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
			AND c.data_type NOT IN ('integer', 'bigint', 'smallint', 'boolean', 'numeric', 'real', 'double precision',
				'timestamp with time zone', 'timestamp without time zone', 'date', 'interval', 'uuid')
		ORDER BY 1, 2, 3`)
	if err != nil {
		return nil, err
	}
	type column struct{ schema, table, name, typ string }
	cols, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (column, error) {
		var c column
		return c, r.Scan(&c.schema, &c.table, &c.name, &c.typ)
	})
	if err != nil {
		return nil, err
	}
	var found []string
	for _, c := range cols {
		expr := pgx.Identifier{c.name}.Sanitize() + "::text"
		if c.typ == "bytea" {
			expr = "encode(" + pgx.Identifier{c.name}.Sanitize() + ", 'escape')"
		}
		for _, n := range needles {
			cond := "position(lower($1) in lower(" + expr + ")) > 0"
			if n.Digits {
				cond = "position($1 in regexp_replace(" + expr + ", '[^0-9]', '', 'g')) > 0"
			}
			var count int
			q := "SELECT count(*) FROM " + pgx.Identifier{c.schema, c.table}.Sanitize() + " WHERE " + cond
			if err := conn.QueryRow(ctx, q, n.Text).Scan(&count); err != nil {
				return nil, fmt.Errorf("%s.%s.%s: %w", c.schema, c.table, c.name, err)
			}
			if count > 0 {
				found = append(found, fmt.Sprintf("%s.%s.%s: %s (%d rows)", c.schema, c.table, c.name, n, count))
			}
		}
	}
	return found, nil
}

// Stream returns "seq N subject: needle" for every message of the stream
// whose headers or body hold a needle, reading all of them in order.
func Stream(ctx context.Context, js jetstream.JetStream, stream string, needles []Needle) ([]string, error) {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return nil, err
	}
	info, err := s.Info(ctx)
	if err != nil {
		return nil, err
	}
	var found []string
	if info.State.Msgs == 0 {
		return nil, nil
	}
	cons, err := s.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{})
	if err != nil {
		return nil, err
	}
	for read := uint64(0); read < info.State.Msgs; {
		batch, err := cons.Fetch(100, jetstream.FetchMaxWait(2*time.Second))
		if err != nil {
			return nil, err
		}
		n := 0
		for m := range batch.Messages() {
			n++
			var all bytes.Buffer
			for k, vs := range m.Headers() {
				fmt.Fprintf(&all, "%s: %s\n", k, strings.Join(vs, ", "))
			}
			all.Write(m.Data())
			md, _ := m.Metadata()
			for _, nd := range needles {
				if nd.In(all.Bytes()) {
					found = append(found, fmt.Sprintf("seq %d %s: %s", md.Sequence.Stream, m.Subject(), nd))
				}
			}
		}
		if err := batch.Error(); err != nil && !errors.Is(err, jetstream.ErrNoMessages) {
			return nil, err
		}
		if n == 0 {
			return nil, fmt.Errorf("stream %s: %d of %d messages read, then none came", stream, read, info.State.Msgs)
		}
		read += uint64(n)
	}
	return found, nil
}

// Files returns "path: needle" for every regular file under dir whose bytes
// hold a needle (a NATS server's store: a secure delete overwrites the
// message where it lay).
func Files(dir string, needles []Needle) ([]string, error) {
	var found []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, n := range needles {
			if n.In(b) {
				rel, _ := filepath.Rel(dir, path)
				found = append(found, rel+": "+n.String())
			}
		}
		return nil
	})
	return found, err
}
