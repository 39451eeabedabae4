package contactgrpc_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactgrpc"
)

// grpcLimit is the most a gRPC message carries by default, which every
// answer must stay under.
const grpcLimit = 4 << 20

// wide is n characters of four UTF-8 bytes each (the widest), starting
// with tag so values differ.
func wide(tag string, n int) string {
	return tag + strings.Repeat("😀", n-len([]rune(tag)))
}

// TestALongHistoryComesInPagesThatFit: a lead's history was one answer of
// its newest 500 entries, and notes of 5,000 characters made 220 of them
// pass what gRPC carries: the lead's history failed for good. It now
// comes a page at a time from the newest entries, each page oldest first
// and within bounds, every entry in exactly one page.
func TestALongHistoryComesInPagesThatFit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sent, err := e.contact.SubmitInspectionRequest(context.Background(), homeForm())
	require.NoError(t, err)
	id := sent.GetId()
	const notes = 220
	for i := range notes {
		_, err := e.inbox.AddLeadNote(e.staff, &contactv1.AddLeadNoteRequest{LeadId: id, Body: wide(fmt.Sprintf("note %d ", i), contact.MaxNoteLen)})
		require.NoError(t, err)
	}

	var pages [][]string
	token := ""
	for {
		page, err := e.inbox.ListLeadActivity(e.staff, &contactv1.ListLeadActivityRequest{LeadId: id, PageToken: token, PageSize: contact.MaxActivityPage})
		require.NoError(t, err)
		require.Less(t, proto.Size(page), grpcLimit*3/5, "a page of the longest notes stays near half of what gRPC carries")
		require.EqualValues(t, notes, page.GetTotalSize())
		var bodies []string
		for _, a := range page.GetActivity() {
			bodies = append(bodies, strings.TrimRight(a.GetBody(), "😀"))
		}
		pages = append(pages, bodies)
		if token = page.GetNextPageToken(); token == "" {
			break
		}
	}
	require.Len(t, pages, 3)
	require.Len(t, pages[0], contact.MaxActivityPage)
	var all []string
	for i := len(pages) - 1; i >= 0; i-- { // the oldest page last
		all = append(all, pages[i]...)
	}
	require.Len(t, all, notes)
	for i, b := range all {
		require.Equal(t, fmt.Sprintf("note %d ", i), b, "oldest first, none twice, none missing")
	}

	// Without a page size, the newest 50.
	page, err := e.inbox.ListLeadActivity(e.staff, &contactv1.ListLeadActivityRequest{LeadId: id})
	require.NoError(t, err)
	require.Len(t, page.GetActivity(), contact.DefaultActivityPage)
	require.Equal(t, fmt.Sprintf("note %d ", notes-1), strings.TrimRight(page.GetActivity()[contact.DefaultActivityPage-1].GetBody(), "😀"))

	// A token it did not make is refused, in words.
	_, err = e.inbox.ListLeadActivity(e.staff, &contactv1.ListLeadActivityRequest{LeadId: id, PageToken: "x"})
	require.ErrorContains(t, err, "The page token is not valid; start from the first page.")
}

// largestLead is a home-form lead with every field at its cap, in the
// widest UTF-8.
func largestLead(n int) *contactv1.SubmitInspectionRequestRequest {
	issues := make([]string, contact.MaxIssues)
	for i := range issues {
		issues[i] = wide(fmt.Sprintf("issue %d ", i), contact.MaxOptionLen)
	}
	tag := fmt.Sprintf("%d ", n)
	return &contactv1.SubmitInspectionRequestRequest{
		FormVariant: "home", FirstName: wide(tag, 100), LastName: wide(tag, 100),
		Email: strings.Repeat("a", 64) + "@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 61),
		Phone: "6025550142" + strings.Repeat("😀", 30), Address: wide(tag, 300), City: wide(tag, 100), Urgency: wide(tag, 100),
		Issues: issues, HomeAge: wide(tag, 100), PreviousRepairs: wide(tag, 2000), Description: wide(tag, 5000),
		PreferredContactTime: wide(tag, 200), SourcePage: wide(tag, 300),
		Attribution: &contactv1.Attribution{UtmSource: wide(tag, 200), UtmMedium: wide(tag, 200), UtmCampaign: wide(tag, 200), Gclid: wide(tag, 200)},
	}
}

// TestAPageOfTheLargestLeadsFits: the inbox allowed 200 leads a page (the
// dashboard asks for as many overdue leads), and a lead holds up to about
// 48 KB: 100 of the largest made the page fail. An answer now holds at
// most 50, with a token for the rest.
func TestAPageOfTheLargestLeadsFits(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := metadata.AppendToOutgoingContext(context.Background(), contactgrpc.MDUserAgent, strings.Repeat("x", 500))
	const leads = 100
	for i := range leads {
		_, err := e.contact.SubmitInspectionRequest(ctx, largestLead(i))
		require.NoError(t, err)
	}
	seen := 0
	token := ""
	for {
		page, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{PageSize: 200, PageToken: token})
		require.NoError(t, err)
		require.LessOrEqual(t, len(page.GetSubmissions()), contactgrpc.MaxLeadsPerAnswer)
		require.Less(t, proto.Size(page), grpcLimit*3/4)
		seen += len(page.GetSubmissions())
		if token = page.GetNextPageToken(); token == "" {
			break
		}
	}
	require.Equal(t, leads, seen)
}
