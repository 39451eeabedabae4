package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// The lead load of issue 17: 16 concurrent clients for 10 s at the contact
// service's gRPC port; every acknowledged lead on LEADS within 30 s.
const (
	leadClients  = 16
	leadDuration = 10 * time.Second
	leadDrainMax = 30 * time.Second
)

// leadRequest is SPEC §7's /contact payload, each with its own e-mail.
const leadRequest = `{"first_name":"Bench","last_name":"Lead {{.RequestNumber}}","email":"bench+{{.RequestNumber}}@example.com",` +
	`"phone":"602-555-0100","city":"Phoenix","issues":["slow-drains"],"description":"Benchmark lead from make bench; safe to delete.",` +
	`"source_page":"/contact"}`

// benchLeads drives ghz at SubmitInspectionRequest, then checks every
// acknowledged lead is stored with its outbox row and is on LEADS exactly
// once.
func benchLeads(_ config, s *scratch.Stack, r *report) error {
	row, err := measureLeads(s)
	r.leads = row
	return err
}

// measureLeads is the lead load against s's contact service, checked.
func measureLeads(s *scratch.Stack) (*leadRow, error) {
	addr := s.Instances("contact")[0].Addr
	before, err := scratch.ReadLeads(s.DBURL, time.Now())
	if err != nil {
		return nil, err
	}
	fmt.Printf("bench: leads: ghz, %d clients for %s at %s...\n", leadClients, leadDuration, addr)
	started := time.Now()
	// --duration-stop=wait lets the calls in flight at the end finish
	// (otherwise ghz counts them as errors: "use of closed network
	// connection").
	out, err := onLoadCPU("ghz", nil, "--insecure", "--call", "trenchless.contact.v1.ContactService.SubmitInspectionRequest",
		"-c", fmt.Sprint(leadClients), "-z", leadDuration.String(), "--duration-stop=wait", "--connections", "1", "-O", "json",
		"-d", leadRequest, "-m", `{"idempotency-key":"{{.UUID}}","x-client-ip":"198.51.100.7"}`, addr)
	ended := time.Now()
	if err != nil {
		return nil, err
	}
	var g struct {
		Count   int            `json:"count"`
		RPS     float64        `json:"rps"`
		Status  map[string]int `json:"statusCodeDistribution"`
		Errors  map[string]int `json:"errorDistribution"`
		Latency []struct {
			Percentage int   `json:"percentage"`
			Latency    int64 `json:"latency"`
		} `json:"latencyDistribution"`
	}
	if err := json.Unmarshal(out, &g); err != nil {
		return nil, fmt.Errorf("ghz output: %v", err)
	}
	row := &leadRow{count: g.Count, rps: g.RPS, ok: g.Status["OK"], errors: g.Errors, started: started, ended: ended}
	for _, l := range g.Latency {
		switch l.Percentage {
		case 50:
			row.p50 = time.Duration(l.Latency)
		case 99:
			row.p99 = time.Duration(l.Latency)
		}
	}
	// The relay publishes the outbox; wait for it to drain.
	var st scratch.LeadState
	drainErr := scratch.WaitFor("the outbox to drain", leadDrainMax+30*time.Second, func() bool {
		st, err = scratch.ReadLeads(s.DBURL, time.Now())
		return err == nil && st.Pending == 0
	})
	row.drained = time.Since(ended)
	if drainErr != nil {
		row.drained = -1
	}
	msgs, err := scratch.StreamLeads(s.NATS.URL())
	if err != nil {
		return nil, err
	}
	row.stored = len(st.Leads) - len(before.Leads)
	row.half = st.HalfLeads + st.StrayRows
	// This run's leads: the stack may hold earlier runs' (make bench's
	// tracing part loads each stack three times).
	for id := range st.Leads {
		if before.Leads[id] {
			continue
		}
		row.messages += msgs[id]
		switch msgs[id] {
		case 0:
			row.notPublished++
		case 1:
		default:
			row.duplicates++
		}
	}
	fmt.Printf("bench: leads: %.0f/s, p99 %s ms, %d OK of %d, stored %d, on LEADS %d (missing %d, twice %d), outbox drained %s after the run\n",
		row.rps, ms(row.p99), row.ok, row.count, row.stored, row.messages, row.notPublished, row.duplicates, row.drained.Round(time.Millisecond))
	if len(row.errors) > 0 {
		fmt.Printf("bench: leads: errors %v\n", row.errors)
	}
	return row, nil
}
