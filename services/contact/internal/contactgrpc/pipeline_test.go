package contactgrpc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
)

const ana = "ana@valleytrenchless.example"

// submitLead stores a /contact page lead with the given particulars and
// returns its id.
func submitLead(t *testing.T, e *env, first, phone, city, source, description string) string {
	t.Helper()
	f := contactPageForm()
	f.FirstName, f.Phone, f.City, f.Description = first, phone, city, description
	f.Email = fmt.Sprintf("%s.%d@example.com", first, time.Now().UnixNano())
	f.Attribution = &contactv1.Attribution{UtmSource: source}
	r, err := e.contact.SubmitInspectionRequest(context.Background(), f)
	require.NoError(t, err)
	return r.GetId()
}

func ids(leads []*contactv1.Lead) []string {
	out := make([]string, len(leads))
	for i, l := range leads {
		out[i] = l.GetId()
	}
	return out
}

// updatedEvents are the leads.updated payloads queued in the outbox, in order.
func updatedEvents(t *testing.T, e *env) []*contactv1.LeadUpdated {
	t.Helper()
	rows, err := e.pool.Query(context.Background(), "SELECT msg_id, payload FROM contact.outbox WHERE subject = 'leads.updated' ORDER BY id")
	require.NoError(t, err)
	defer rows.Close()
	var out []*contactv1.LeadUpdated
	for rows.Next() {
		var msgID string
		var payload []byte
		require.NoError(t, rows.Scan(&msgID, &payload))
		var ev contactv1.LeadUpdated
		require.NoError(t, protojson.Unmarshal(payload, &ev))
		require.Equal(t, fmt.Sprintf("%s/%d", ev.GetLeadId(), ev.GetActivityId()), msgID, "one message id per activity entry")
		out = append(out, &ev)
	}
	return out
}

func TestAStatusChangeIsRecordedAnsweredAndAnnounced(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := submitLead(t, e, "Rosa", "(602) 555-0101", "phoenix", "google", "Roots in the clay sewer line again.")
	l, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: id})
	require.NoError(t, err)
	require.Equal(t, "new", l.GetSubmission().GetStatus())
	require.Nil(t, l.GetSubmission().GetFirstResponseAt(), "a new lead awaits its first answer")

	// Reading is not answering.
	up, err := e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: id, IsRead: proto.Bool(true)})
	require.NoError(t, err)
	require.Nil(t, up.GetSubmission().GetFirstResponseAt())

	before := time.Now()
	up, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: id, Status: proto.String("contacted"), Assignee: proto.String(" Ana@ValleyTrenchless.example ")})
	require.NoError(t, err)
	got := up.GetSubmission()
	require.Equal(t, "contacted", got.GetStatus())
	require.Equal(t, ana, got.GetAssignee(), "stored in lower case, trimmed")
	require.NotNil(t, got.GetFirstResponseAt())
	first := got.GetFirstResponseAt().AsTime()
	require.WithinDuration(t, before, first, 5*time.Second)
	require.Equal(t, ana, got.GetUpdatedBy())

	// A second status change and a note do not move the first response.
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: id, Status: proto.String("scheduled")})
	require.NoError(t, err)
	note, err := e.inbox.AddLeadNote(e.staff, &contactv1.AddLeadNoteRequest{LeadId: id, Body: "  Camera visit Tuesday 9am.  "})
	require.NoError(t, err)
	require.Equal(t, "Camera visit Tuesday 9am.", note.GetActivity().GetBody())
	l, err = e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: id})
	require.NoError(t, err)
	require.True(t, l.GetSubmission().GetFirstResponseAt().AsTime().Equal(first))

	// The same status again changes nothing and records nothing.
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: id, Status: proto.String("scheduled")})
	require.NoError(t, err)

	acts, err := e.inbox.ListLeadActivity(e.staff, &contactv1.ListLeadActivityRequest{LeadId: id})
	require.NoError(t, err)
	type entry struct{ Kind, From, To, Body, Actor string }
	var history []entry
	for _, a := range acts.GetActivity() {
		history = append(history, entry{a.GetKind(), a.GetFrom(), a.GetTo(), a.GetBody(), a.GetActor()})
	}
	require.Equal(t, []entry{
		{"read", "false", "true", "", ana},
		{"status", "new", "contacted", "", ana},
		{"assignee", "", ana, "", ana},
		{"status", "contacted", "scheduled", "", ana},
		{"note", "", "", "Camera visit Tuesday 9am.", ana},
	}, history, "oldest first, who and what")

	// Each change is one leads.updated event, in the same order, with the
	// lead's state after it and no note text.
	evs := updatedEvents(t, e)
	require.Len(t, evs, 5)
	var changes []string
	for _, ev := range evs {
		changes = append(changes, ev.GetChange())
		require.Equal(t, ana, ev.GetUpdatedBy())
		require.Equal(t, id, ev.GetLeadId())
	}
	require.Equal(t, []string{"read", "status", "assignee", "status", "note"}, changes)
	require.Equal(t, "new", evs[1].GetPreviousStatus())
	require.Equal(t, "contacted", evs[1].GetStatus())
	require.Equal(t, ana, evs[2].GetAssignee())
	require.NotNil(t, evs[1].GetFirstResponseAt())
	raw, err := protojson.Marshal(evs[4])
	require.NoError(t, err)
	require.NotContains(t, string(raw), "Camera visit", "a note's text stays out of the event")

	// Marking spam moves it out of the inbox and into the spam filter.
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: id, Status: proto.String("spam")})
	require.NoError(t, err)
	spam, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Filter: "spam"})
	require.NoError(t, err)
	require.Equal(t, []string{id}, ids(spam.GetSubmissions()))
	all, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	require.Empty(t, all.GetSubmissions())

	// Refusals.
	_, err = e.inbox.AddLeadNote(e.staff, &contactv1.AddLeadNoteRequest{LeadId: id, Body: "   "})
	require.Equal(t, map[string]string{"body": "Write a note first"}, violations(t, err))
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: id, Status: proto.String("closed")})
	require.Equal(t, map[string]string{"status": "Status must be new, contacted, scheduled, won, lost or spam"}, violations(t, err))
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: id, Assignee: proto.String("not an address")})
	require.Equal(t, map[string]string{"assignee": "Assignee must be a staff e-mail address"}, violations(t, err))
	_, err = e.inbox.AddLeadNote(e.visitor, &contactv1.AddLeadNoteRequest{LeadId: id, Body: "x"})
	require.Equal(t, codes.PermissionDenied, status.Code(err))
	_, err = e.inbox.ListLeadActivity(e.staff, &contactv1.ListLeadActivityRequest{LeadId: "00000000-0000-4000-8000-000000000000"})
	require.Equal(t, codes.NotFound, status.Code(err))
}

func TestSearchAndFiltersNarrowTheInbox(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rosa := submitLead(t, e, "Rosa", "(602) 555-0101", "phoenix", "google", "Roots in the clay sewer line again.")
	ben := submitLead(t, e, "Ben", "480.555.0177", "mesa", "", "Orangeburg pipe collapsed under the driveway.")
	kim := submitLead(t, e, "Kim", "623-555-0190", "Buckeye", "facebook", "Slow kitchen drain, 100% clogged_again.")

	list := func(r *contactv1.ListLeadsRequest) []string {
		t.Helper()
		p, err := e.inbox.ListLeads(e.staff, r)
		require.NoError(t, err)
		return ids(p.GetSubmissions())
	}
	// Words of the description, any case, every word must match.
	require.Equal(t, []string{rosa}, list(&contactv1.ListLeadsRequest{Query: "CLAY roots"}))
	require.Empty(t, list(&contactv1.ListLeadsRequest{Query: "clay driveway"}))
	// Phone pieces match whatever the punctuation, in the query or stored.
	require.Equal(t, []string{ben}, list(&contactv1.ListLeadsRequest{Query: "(480) 555-0177"}))
	require.Equal(t, []string{ben}, list(&contactv1.ListLeadsRequest{Query: "5550177"}))
	// Names, e-mail, city; LIKE's wildcards are plain characters.
	require.Equal(t, []string{kim}, list(&contactv1.ListLeadsRequest{Query: "kim"}))
	require.Equal(t, []string{kim}, list(&contactv1.ListLeadsRequest{Query: "buckeye"}))
	require.Equal(t, []string{kim}, list(&contactv1.ListLeadsRequest{Query: "100%"}))
	require.Equal(t, []string{kim}, list(&contactv1.ListLeadsRequest{Query: "clogged_again"}))
	require.Empty(t, list(&contactv1.ListLeadsRequest{Query: "clogged%again"}))
	require.Equal(t, []string{ben}, list(&contactv1.ListLeadsRequest{Query: "ben.", Source: "direct"}))

	// City, source ("direct" = none), status, assignee, dates.
	require.Equal(t, []string{ben}, list(&contactv1.ListLeadsRequest{City: "mesa"}))
	require.Equal(t, []string{kim}, list(&contactv1.ListLeadsRequest{City: "Buckeye"}))
	require.Equal(t, []string{rosa}, list(&contactv1.ListLeadsRequest{Source: "google"}))
	require.Equal(t, []string{ben}, list(&contactv1.ListLeadsRequest{Source: "direct"}))
	_, err := e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: kim, Status: proto.String("won"), Assignee: proto.String(ana)})
	require.NoError(t, err)
	require.Equal(t, []string{kim}, list(&contactv1.ListLeadsRequest{Status: "won"}))
	require.Equal(t, []string{ben, rosa}, list(&contactv1.ListLeadsRequest{Status: "new"}))
	require.Equal(t, []string{kim}, list(&contactv1.ListLeadsRequest{Assignee: ana}))
	require.Equal(t, []string{ben, rosa}, list(&contactv1.ListLeadsRequest{Assignee: "none"}))
	_, err = e.pool.Exec(context.Background(), "UPDATE contact.submissions SET created_at = now() - interval '40 days' WHERE id = $1", rosa)
	require.NoError(t, err)
	cut := timestamppb.New(time.Now().Add(-30 * 24 * time.Hour))
	require.Equal(t, []string{rosa}, list(&contactv1.ListLeadsRequest{CreatedTo: cut}))
	require.Equal(t, []string{kim, ben}, list(&contactv1.ListLeadsRequest{CreatedFrom: cut}))
	require.Equal(t, []string{kim, ben}, list(&contactv1.ListLeadsRequest{CreatedFrom: cut, Filter: "all"}))

	// The export takes the same query and carries the new columns.
	stream, err := e.inbox.ExportLeads(e.staff, &contactv1.ExportLeadsRequest{Status: "won"})
	require.NoError(t, err)
	var data []byte
	for {
		m, err := stream.Recv()
		if err != nil {
			break
		}
		data = append(data, m.GetData()...)
	}
	rows := csvRows(t, data)
	require.Len(t, rows, 2)
	head := rows[0]
	require.Equal(t, []string{"status", "assignee", "firstResponseAt", "language"}, head[len(head)-4:])
	row := rows[1]
	require.Equal(t, kim, row[0])
	require.Equal(t, []string{"won", ana}, row[len(row)-4:len(row)-2])
	_, perr := time.Parse(time.RFC3339, row[len(row)-2])
	require.NoError(t, perr)
}

func TestBulkChangesEachLeadOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	a := submitLead(t, e, "Ann", "602-555-0111", "tempe", "", "Sewer smell in the yard.")
	b := submitLead(t, e, "Bob", "602-555-0112", "tempe", "", "Sewer smell in the garage.")
	c := submitLead(t, e, "Cat", "602-555-0113", "tempe", "", "Sewer smell in the kitchen.")
	_, err := e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: c, IsRead: proto.Bool(true)})
	require.NoError(t, err)

	r, err := e.inbox.BulkUpdateLeads(e.staff, &contactv1.BulkUpdateLeadsRequest{Ids: []string{a, b, c, "00000000-0000-4000-8000-000000000000"}, IsRead: proto.Bool(true)})
	require.NoError(t, err)
	require.EqualValues(t, 2, r.GetUpdated(), "the one already read and the missing one are not counted")
	r, err = e.inbox.BulkUpdateLeads(e.staff, &contactv1.BulkUpdateLeadsRequest{Ids: []string{a, b}, Status: proto.String("lost")})
	require.NoError(t, err)
	require.EqualValues(t, 2, r.GetUpdated())
	for _, id := range []string{a, b} {
		l, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: id})
		require.NoError(t, err)
		require.Equal(t, "lost", l.GetSubmission().GetStatus())
		require.NotNil(t, l.GetSubmission().GetFirstResponseAt())
	}
	require.Len(t, updatedEvents(t, e), 1+2+2, "one event per lead changed")

	_, err = e.inbox.BulkUpdateLeads(e.staff, &contactv1.BulkUpdateLeadsRequest{Ids: []string{a}, IsRead: proto.Bool(false), Status: proto.String("won")})
	require.Equal(t, "Choose one change: read, status or assignee", violations(t, err)["change"])
	_, err = e.inbox.BulkUpdateLeads(e.staff, &contactv1.BulkUpdateLeadsRequest{Ids: []string{a}})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	many := make([]string, 201)
	for i := range many {
		many[i] = fmt.Sprintf("00000000-0000-4000-8000-%012d", i)
	}
	_, err = e.inbox.BulkUpdateLeads(e.staff, &contactv1.BulkUpdateLeadsRequest{Ids: many, IsRead: proto.Bool(true)})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	_, err = e.inbox.BulkUpdateLeads(e.visitor, &contactv1.BulkUpdateLeadsRequest{Ids: []string{a}, IsRead: proto.Bool(true)})
	require.Equal(t, codes.PermissionDenied, status.Code(err))
}

func TestStatsMeasureFirstResponsesAgainstThePromise(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	// Ten leads two days ago answered after 1..10 hours; one answered
	// after 30 hours; two awaiting (one past the promise); one spam; one
	// read before the pipeline (answered "at arrival").
	var answered []string
	for i := 1; i <= 11; i++ {
		answered = append(answered, submitLead(t, e, fmt.Sprintf("Lead%d", i), fmt.Sprintf("602-555-02%02d", i), "phoenix", "google", "Drain backs up."))
	}
	late := answered[10]
	awaitingOverdue := submitLead(t, e, "Over", "602-555-0301", "mesa", "", "Drain backs up.")
	awaitingFresh := submitLead(t, e, "Fresh", "602-555-0302", "mesa", "", "Drain backs up.")
	spam := submitLead(t, e, "Spam", "602-555-0303", "mesa", "", "Buy cheap watches now.")
	legacy := submitLead(t, e, "Legacy", "602-555-0304", "tempe", "yelp", "Drain backs up.")
	_, err := e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: spam, Status: proto.String("spam")})
	require.NoError(t, err)
	for i, id := range answered {
		hours := i + 1
		if id == late {
			hours = 30
		}
		_, err := e.pool.Exec(ctx, `UPDATE contact.submissions SET created_at = now() - interval '48 hours',
			respond_by = now() - interval '24 hours', first_response_at = now() - interval '48 hours' + make_interval(hours => $2)
			WHERE id = $1`, id, hours)
		require.NoError(t, err)
	}
	_, err = e.pool.Exec(ctx, `UPDATE contact.submissions SET created_at = now() - interval '30 hours', respond_by = now() - interval '6 hours' WHERE id = $1`, awaitingOverdue)
	require.NoError(t, err)
	_, err = e.pool.Exec(ctx, `UPDATE contact.submissions SET created_at = now() - interval '3 days', respond_by = now() - interval '2 days',
		first_response_at = now() - interval '3 days' WHERE id = $1`, legacy)
	require.NoError(t, err)
	_ = awaitingFresh

	st, err := e.inbox.GetLeadStats(e.staff, &contactv1.GetLeadStatsRequest{})
	require.NoError(t, err)
	w := st.GetLastWeek()
	require.EqualValues(t, 11+2+1, w.GetLeads(), "spam is not a lead")
	require.EqualValues(t, 12, w.GetResponded(), "the eleven and the legacy one")
	require.EqualValues(t, 11, w.GetWithinPromise(), "ten answered in time, plus the legacy one")
	// Percentiles over the eleven measured answers: 1..10 h and 30 h.
	require.InDelta(t, 6*60, w.GetMedianMinutes(), 1)
	require.InDelta(t, 10*60, w.GetP90Minutes(), 1)
	require.EqualValues(t, 2, w.GetAwaiting())
	require.EqualValues(t, 1, w.GetOverdue())
	require.EqualValues(t, 1440, st.GetPromiseMinutes())
	require.EqualValues(t, w.GetLeads(), st.GetLastMonth().GetLeads())

	// Per week, by city and by source ("direct" for none), spam left out.
	count := func(ws []*contactv1.WeeklyCount) map[string]int32 {
		m := map[string]int32{}
		for _, wc := range ws {
			m[wc.GetKey()] += wc.GetCount()
			require.Equal(t, time.Monday, wc.GetWeekStart().AsTime().In(phoenix(t)).Weekday())
		}
		return m
	}
	require.Equal(t, map[string]int32{"phoenix": 11, "mesa": 2, "tempe": 1}, count(st.GetByCity()))
	require.Equal(t, map[string]int32{"google": 11, "direct": 2, "yelp": 1}, count(st.GetBySource()))
	b, _ := json.Marshal(st.GetByCity()[0].GetWeekStart().AsTime())
	require.NotEmpty(t, b)
}

func phoenix(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("America/Phoenix")
	require.NoError(t, err)
	return loc
}

// A search reads the newest leads first and falls back on the trigram
// index: whichever answers, every page is the next leads that match,
// newest first, none skipped, none twice — common words among thousands
// of newer leads and rare ones behind them alike.
func TestSearchPagesAreExactWhereverTheMatchesLie(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	_, err := e.pool.Exec(ctx, `INSERT INTO contact.submissions (id, form_variant, first_name, last_name, email, phone, description, created_at, respond_by)
		SELECT gen_random_uuid(), 'contact', 'Lead', 'N' || i, 'lead' || i || '@example.com', '602-555-0100',
			CASE WHEN i % 50 = 0 OR i > 6000 THEN 'Orangeburg pipe sagging' ELSE 'Slow drain' END,
			now() - make_interval(secs => i), now() - make_interval(secs => i) + interval '24 hours'
		FROM generate_series(1, 6030) i`)
	require.NoError(t, err)
	rows, err := e.pool.Query(ctx, `SELECT id::text FROM contact.submissions WHERE description LIKE 'Orangeburg%' ORDER BY created_at DESC, id DESC`)
	require.NoError(t, err)
	var want []string
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		want = append(want, id)
	}
	require.NoError(t, rows.Err())
	require.Len(t, want, 120+30)

	var got []string
	token := ""
	for range 20 {
		p, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Query: "SAGGING orangeburg", PageSize: 25, PageToken: token})
		require.NoError(t, err)
		got = append(got, ids(p.GetSubmissions())...)
		if token = p.GetNextPageToken(); token == "" {
			break
		}
	}
	require.Equal(t, want, got)
}
