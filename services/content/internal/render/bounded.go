package render

import (
	"strings"

	"golang.org/x/net/html"
)

// libraryImageExtra is the most a media-library image's srcset (up to
// four candidates of about 90 bytes) and sizes add to its tag over the
// fallback box's.
const libraryImageExtra = 512

// BodySize is at least how many bytes body (sanitised as saved) takes
// rendered: rendered without asking the media library (a save does not
// wait on it), plus what the library's answer can add to each of its
// images. The content service measures it against content.MaxRenderedBody
// before it stores a post.
func BodySize(body string) int {
	return len(Body(body, nil)) + libraryImageExtra*len(Keys(body, ""))
}

// CutNotice ends a rendered body that Bounded had to cut.
const CutNotice = `<p class="article__cut"><em>The rest of this article is too long to show here.</em></p>`

// Bounded returns rendered (a rendered body) whole when it fits in max
// bytes; otherwise its leading top-level blocks that fit, each whole (so
// every tag is closed), and CutNotice, and true. Saves refuse a body that
// renders past content.MaxRenderedBody, so only a post stored before that
// rule, or one whose images gained renditions since, is cut: its read is
// answered, shorter, where it failed.
func Bounded(rendered string, max int) (string, bool) {
	if len(rendered) <= max {
		return rendered, false
	}
	root, err := parse(rendered)
	if err != nil {
		return CutNotice, true
	}
	room := max - len(CutNotice)
	var b, block strings.Builder
	for c := range root.ChildNodes() {
		block.Reset()
		if html.Render(&block, c) != nil || b.Len()+block.Len() > room {
			break
		}
		b.WriteString(block.String())
	}
	b.WriteString(CutNotice)
	return b.String(), true
}
