package contentgrpc_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// FuzzPostSave drives a post's save end to end against the real content
// service on a real Postgres: a staff create with the title, excerpt and
// body the fuzzer chooses (made valid UTF-8, as the gateway's JSON
// decoding makes any text), then the editor's read and the public read.
// Whatever the text: the save is stored or refused with a rule staff can
// act on (InvalidArgument) — never a failure, which is what a NUL (Postgres
// refuses it) and a body rendering past what an answer carries were; and a
// stored post's every answer fits one gRPC message.
func FuzzPostSave(f *testing.F) {
	f.Add("Why Roots Love Clay Pipe", "Roots find every joint.", "## Roots\n\nThey find the joints.")
	f.Add("Roots\x00", "Roots find every joint.", "## Roots")
	f.Add("Roots", "\x00", "a\x00b")
	f.Add("\x00", "\x00", "\x00")
	f.Add("Tables", "Many tables.", strings.Repeat("|a|\n|-|\n|b|\n\n", 15000))
	f.Add("Emoji", "Many emoji.", strings.Repeat("😀", 50000))
	f.Add("HTML", "Markup.", "<p>One</p><table><tr><td>a</td></tr></table><img src=\"/media/x.jpg\">")
	f.Add("Bytes", "Not UTF-8.", "\xff\xfe\xed\xa0\x80")
	e := newEnv(f, false)
	n := 0
	f.Fuzz(func(t *testing.T, title, excerpt, body string) {
		n++
		valid := func(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
		slug := fmt.Sprintf("fuzz-%d-%d", os.Getpid(), n)
		post := &contentv1.PostFields{Title: valid(title), Slug: slug, Excerpt: valid(excerpt), Content: valid(body)}
		created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: post})
		switch status.Code(err) {
		case codes.OK:
		case codes.InvalidArgument:
			return
		default:
			t.Fatalf("a save failed: %v", err)
		}
		if proto.Size(created) >= grpcLimit {
			t.Fatalf("the create's answer is %d bytes", proto.Size(created))
		}
		got, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: created.GetPost().GetId()})
		if err != nil {
			t.Fatalf("the editor cannot read a stored post: %v", err)
		}
		if len(got.GetPost().GetBodyHtml()) > content.MaxRenderedBody {
			t.Fatalf("a body of %d bytes rendered", len(got.GetPost().GetBodyHtml()))
		}
		if strings.ContainsRune(got.GetPost().GetTitle()+got.GetPost().GetExcerpt()+got.GetPost().GetContent(), 0) {
			t.Fatal("stored with a NUL")
		}
		if _, err := e.public.GetPublishedPost(e.visitor, &contentv1.GetPublishedPostRequest{Slug: slug}); err != nil {
			t.Fatalf("the public cannot read a published post: %v", err)
		}
	})
}
