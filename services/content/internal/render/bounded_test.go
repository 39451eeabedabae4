package render

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

func TestBoundedKeepsWholeBlocksAndSaysItCut(t *testing.T) {
	t.Parallel()
	body := strings.Repeat("<p>A paragraph of the article, with <em>emphasis</em>.</p>\n<table><tbody><tr><td>a</td></tr></tbody></table>\n", 100)
	same, cut := Bounded(body, len(body))
	require.False(t, cut)
	require.Equal(t, body, same, "what fits is answered as it is")

	got, cut := Bounded(body, len(body)/2)
	require.True(t, cut)
	require.LessOrEqual(t, len(got), len(body)/2)
	require.True(t, strings.HasSuffix(got, CutNotice))
	kept := strings.TrimSuffix(got, CutNotice)
	require.True(t, strings.HasPrefix(body, kept), "the leading blocks, unchanged")
	require.True(t, strings.HasSuffix(strings.TrimSpace(kept), "</table>"), "cut between blocks, never inside one")

	// A first block larger than the room leaves only the notice, still
	// well-formed.
	got, cut = Bounded("<table>"+strings.Repeat("<tr><td>x</td></tr>", 1000)+"</table>", 500)
	require.True(t, cut)
	require.Equal(t, CutNotice, got)
	_, err := html.Parse(strings.NewReader(got))
	require.NoError(t, err)
}

// TestBodySizeIsAtLeastTheRenderedSize: the save measures a body without
// asking the media library, so its figure must not be less than what a
// read renders with the library's answer (srcsets and sizes).
func TestBodySizeIsAtLeastTheRenderedSize(t *testing.T) {
	t.Parallel()
	for _, body := range []string{
		strings.Repeat(`<p><img src="/media/`+keyB+`" alt=""><img src="/media/`+keyA+`?w=960" alt=""></p>`, 50),
		strings.Repeat("|a|\n|---|\n\n", 100),
		"Plain *markdown* with a [link](https://example.com).",
	} {
		require.GreaterOrEqual(t, BodySize(body), len(Body(body, library)), body[:20])
		require.GreaterOrEqual(t, BodySize(body), len(Body(body, nil)))
	}
}
