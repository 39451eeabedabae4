package content

import "fmt"

// MaxRenderedBody is the most bytes a post's body may take once rendered
// (the HTML the site shows). A post's answers carry it beside the body as
// written (at most 200,000 characters, 800 KB), and one gRPC message
// carries at most 4 MiB: 2 MiB leaves more than 1 MiB for the rest and for
// images that gain renditions after the save. Prose renders to about its
// own size; 200,000 characters of one-cell markdown tables rendered to 26
// times theirs, and the post was stored but could be neither answered,
// edited nor read.
const MaxRenderedBody = 2 << 20

// MeasureRendered makes the service refuse, before anything is stored, a
// body (sanitised) that size says renders to more than MaxRenderedBody
// bytes. The transport sets it: it renders what it answers.
func (s *Service) MeasureRendered(size func(body string) int) {
	s.rendered = size
}

// checkRendered refuses a body too large once rendered, in words staff
// can act on.
func (s *Service) checkRendered(body string) error {
	if s.rendered == nil {
		return nil
	}
	if n := s.rendered(body); n > MaxRenderedBody {
		return &ValidationError{Field: "content", Message: RenderedTooLarge(n)}
	}
	return nil
}

// RenderedTooLarge is the message for a body that renders to n bytes, over
// MaxRenderedBody.
func RenderedTooLarge(n int) string {
	return fmt.Sprintf("This post is too large once formatted for the site (%.1f MB; the most is %d MB). "+
		"Shorten it or split it into several posts: tables take the most room.", float64(n)/(1<<20), MaxRenderedBody>>20)
}
