package content

import (
	"html"
	"regexp"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"

	"github.com/valleytrenchless/site/internal/safeurl"
)

// htmlPolicy is the allow-list for staff HTML: headings, paragraphs, lists,
// tables, links, images, emphasis, blockquote and code. No script, style,
// iframe, form, event handler, or javascript:/data: URL survives it.
var htmlPolicy = sync.OnceValue(func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "div", "span",
		"ul", "ol", "li", "dl", "dt", "dd",
		"table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
		"strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup",
		"blockquote", "code", "pre", "figure", "figcaption")
	p.AllowAttrs("colspan", "rowspan").Matching(regexp.MustCompile(`^[0-9]{1,2}$`)).OnElements("td", "th")
	p.AllowAttrs("start").Matching(regexp.MustCompile(`^[0-9]{1,4}$`)).OnElements("ol")
	p.AllowAttrs("href", "title").OnElements("a")
	// Images come from the site itself (/media/…, /images/…) or over https:
	// never http (mixed content), protocol-relative or other schemes.
	p.AllowAttrs("src").Matching(imageSource).OnElements("img")
	p.AllowAttrs("alt", "title").OnElements("img")
	p.AllowAttrs("width", "height").Matching(regexp.MustCompile(`^[0-9]{1,4}$`)).OnElements("img")
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	p.AllowRelativeURLs(true)
	p.RequireNoFollowOnFullyQualifiedLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
})

// imageSource is an img src the policy keeps: a site path or an https URL,
// as PostFields.image_url allows for the hero image. Both need more than a
// bare query or fragment: the policy rewrites "https://#x" to "https:#x"
// and "/#" to "/", which a second pass would then drop (FuzzSanitize).
var imageSource = regexp.MustCompile(`^(/[^/\\?#]|https://[^/\\?#])`)

var strictPolicy = sync.OnceValue(bluemonday.StrictPolicy)

// SanitizeHTML returns html reduced to the allow-list.
func SanitizeHTML(s string) string {
	return strings.TrimSpace(htmlPolicy().Sanitize(s))
}

// maxPlainTextPasses bounds PlainText's loop. Each pass peels one level of
// escaping, so typed text settles in two or three; a site text at the
// 20,000-character limit can nest thousands of levels, and a pass over it
// costs a full parse, so the loop stops long before that.
const maxPlainTextPasses = 64

// PlainText strips every tag and decodes entities, for contentType text.
// A pass strips the tags and then decodes one level of entities, which can
// turn escaped markup (&amp;lt;b&amp;gt;) into markup (<b>), so it repeats
// until a pass changes nothing: what it returns is a fixed point, which
// holds no tag (the next pass would strip it) and no entity that decodes to
// one (the next pass would decode it), whatever the nesting. Legitimate
// text ("5 < 6", "AT&T") is its own fixed point and survives.
func PlainText(s string) string {
	for range maxPlainTextPasses {
		next := plainTextPass(s)
		if next == s {
			return s
		}
		s = next
	}
	// Still changing after that many levels: nobody types that, it is
	// markup escaped to outlast a bounded decoder. Stopping here could
	// store markup, and refusing would turn a staff save into an error
	// nobody can act on, so drop every character that can start a tag or
	// an entity. What remains cannot decode or be stripped any further, so
	// the passes below only normalise what the first always normalises
	// (line ends, surrounding space, invalid UTF-8) and the result is still
	// a fixed point.
	s = strings.Map(func(r rune) rune {
		if r == '<' || r == '>' || r == '&' {
			return -1
		}
		return r
	}, s)
	for range 3 {
		next := plainTextPass(s)
		if next == s {
			break
		}
		s = next
	}
	return s
}

// plainTextPass strips tags and decodes one level of entities: the policy
// decodes the text it keeps and escapes it again, and the unescape undoes
// that escaping plus one level of the input's own.
func plainTextPass(s string) string {
	return html.UnescapeString(strings.TrimSpace(strictPolicy().Sanitize(s)))
}

// IsHTML says whether a post body is HTML (it starts with a tag) rather than
// markdown.
func IsHTML(body string) bool {
	t := strings.TrimSpace(body)
	return strings.HasPrefix(t, "<") && !strings.HasPrefix(t, "<!--") && htmlStart.MatchString(t)
}

var htmlStart = regexp.MustCompile(`^<[a-zA-Z][a-zA-Z0-9]*[\s>/]`)

// linkTarget matches markdown link and image targets: ](target).
var linkTarget = regexp.MustCompile(`\]\(((?:[^()]|\([^()]*\))*)\)`)

// safeLinkTarget keeps relative, http(s), mailto and tel targets. The check
// runs on the target as a renderer would read it: entities decoded, control
// characters and spaces removed, so "&#x6a;avascript:" and "java\tscript:"
// are caught too.
func safeLinkTarget(m string) string {
	target := linkTarget.FindStringSubmatch(m)[1]
	if safeurl.Allowed(strings.TrimPrefix(safeurl.Strip(html.UnescapeString(target)), "<")) {
		return m
	}
	return "](#)"
}

// SanitizeBody cleans a post body. HTML goes through the allow-list.
// Markdown keeps its syntax: raw HTML inside it is reduced to the same
// allow-list, and script-capable link targets become "#".
func SanitizeBody(body string) string {
	if IsHTML(body) {
		return SanitizeHTML(body)
	}
	return sanitizeMarkdown(body)
}

func sanitizeMarkdown(md string) string {
	// Removing one piece can join two others into a new tag
	// ("<scr<script></script>ipt>"), so repeat until nothing changes.
	for range 10 {
		next := sanitizeMarkdownOnce(md)
		if next == md {
			break
		}
		md = next
	}
	return md
}

func sanitizeMarkdownOnce(md string) string {
	md = linkTarget.ReplaceAllStringFunc(md, safeLinkTarget)
	if !strings.ContainsAny(md, "<&") {
		return strings.TrimSpace(md) + "\n"
	}
	// Sanitise only the tags: the policy would otherwise escape markdown's
	// own characters (">" quotes, "&"). Each tag-like run is passed through
	// the HTML policy on its own; text between tags is left as written.
	// Searches remember what they found (or that there is nothing), so a
	// body of many unclosed tags stays linear instead of rescanning the
	// rest for each one.
	var b strings.Builder
	next := nextFinder(md)
	pos := 0
	for {
		i := strings.IndexByte(md[pos:], '<')
		if i < 0 {
			b.WriteString(md[pos:])
			break
		}
		b.WriteString(md[pos : pos+i])
		pos += i
		j := next(pos, ">")
		if j < 0 || !tagLike.MatchString(md[pos:j+1]) {
			// Not a tag ("a < b"): keep the character and move on.
			b.WriteByte('<')
			pos++
			continue
		}
		tag := md[pos : j+1]
		pos = j + 1
		if dropsContent.MatchString(tag) {
			// <script>…</script>, <style>…</style>: drop the element whole.
			name := strings.ToLower(dropsContent.FindStringSubmatch(tag)[1])
			// Without a closing tag only the tag itself goes.
			if k := next(pos, "</"+name); k >= 0 {
				pos = k
				if e := next(pos, ">"); e >= 0 {
					pos = e + 1
				} else {
					pos = len(md)
				}
			}
			continue
		}
		b.WriteString(htmlPolicy().Sanitize(tag))
	}
	return strings.TrimSpace(b.String()) + "\n"
}

// nextFinder returns a search over s for the first offset at or after a
// position where an ASCII string starts, in any case (-1 for none). It
// remembers each answer: asked again from a position not past the last
// answer it gives that answer without scanning.
func nextFinder(s string) func(from int, sub string) int {
	found := map[string][2]int{} // sub → {searched from, offset or -1}
	return func(from int, sub string) int {
		if f, ok := found[sub]; ok && from >= f[0] && (f[1] < 0 || from <= f[1]) {
			return f[1]
		}
		at := indexFold(s[from:], sub)
		if at >= 0 {
			at += from
		}
		found[sub] = [2]int{from, at}
		return at
	}
}

// indexFold is the byte offset in s of the ASCII string sub, in any case,
// or -1. (Searching strings.ToLower(s) instead gives offsets into another
// string: lowering invalid UTF-8 or some letters changes the length, which
// FuzzSanitize found as a panic.)
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

var (
	tagLike      = regexp.MustCompile(`^</?[a-zA-Z!][^<]*>$`)
	dropsContent = regexp.MustCompile(`(?i)^<\s*(script|style|iframe|object|embed|noscript|template|textarea|title|xmp|noembed|noframes|svg|math)\b`)
)
