package render

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/valleytrenchless/site/internal/safeurl"
)

// The markdown renderer is the TypeScript one it replaced
// (web/src/features/blog/utils/render-body.ts), rule for rule: the same
// input gives the same HTML. Its regular expressions were JavaScript's, so
// "white space" here is JavaScript's \s (Unicode spaces included) and "."
// stops at JavaScript's line terminators; Go's RE2 has no look-around, so
// the two rules that used it are written out by hand (the bold rules as
// an equivalent lazy group, italic as a scanner).

// jsSpace is the character set of JavaScript's \s.
const jsSpace = "\\t\\n\\v\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}"

const (
	sp  = "[" + jsSpace + "]"
	nsp = "[^" + jsSpace + "]"
	// dot is JavaScript's "." without the s flag.
	dot = "[^\\n\\r\\x{2028}\\x{2029}]"
)

var (
	heading   = regexp.MustCompile(`^(#{1,6})` + sp + `+(` + dot + `*?)` + sp + `*#*` + sp + `*$`)
	bullet    = regexp.MustCompile(`^` + sp + `*[-*+]` + sp + `+(` + dot + `*)$`)
	ordered   = regexp.MustCompile(`^` + sp + `*\d+[.)]` + sp + `+(` + dot + `*)$`)
	tableRow  = regexp.MustCompile(`^` + sp + `*\|` + dot + `*\|` + sp + `*$`)
	tableRule = regexp.MustCompile(`^` + sp + `*\|?` + sp + `*:?-{2,}:?` + sp + `*(\|` + sp + `*:?-{2,}:?` + sp + `*)*\|?` + sp + `*$`)
	rule      = regexp.MustCompile(`^` + sp + `*(-{3,}|\*{3,})` + sp + `*$`)
	blank     = regexp.MustCompile(`^` + sp + `*$`)
	link      = regexp.MustCompile(`\[([^\]]+)\]\(([^()` + jsSpace + `]*(?:\([^()]*\))?[^()` + jsSpace + `]*)\)`)
	// JavaScript: \*\*(?=\S)([\s\S]*?\S)\*\* — the shortest run that starts
	// and ends with a non-space.
	boldStars   = regexp.MustCompile(`\*\*(` + nsp + `(?:[\s\S]*?` + nsp + `)??)\*\*`)
	boldUnders  = regexp.MustCompile(`__(` + nsp + `(?:[\s\S]*?` + nsp + `)??)__`)
	webScheme   = regexp.MustCompile(`(?i)^https?:`)
	lineBreakRE = regexp.MustCompile(`\r\n?`)
)

func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// trim is JavaScript's String.prototype.trim.
func trim(s string) string { return strings.TrimFunc(s, isJSSpace) }

// escapeHTML escapes every character that could start or end markup.
func escapeHTML(s string) string {
	return htmlEscaper.Replace(s)
}

var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// safeHref returns a link target that is relative, http(s), mailto or tel,
// with control characters and spaces removed (so "java\tscript:" is read as
// a browser would); ok is false for anything else (javascript:, data:).
func safeHref(target string) (href string, ok bool) {
	t := safeurl.Strip(trim(target))
	return t, safeurl.Allowed(t)
}

// inline renders links, bold and italic in one line of source text; every
// other character is escaped.
func inline(raw string) string {
	var out strings.Builder
	rest := raw
	// Links first, on the raw text, so their targets are checked before
	// escaping.
	for m := link.FindStringSubmatchIndex(rest); m != nil; m = link.FindStringSubmatchIndex(rest) {
		out.WriteString(emphasis(escapeHTML(rest[:m[0]])))
		text := emphasis(escapeHTML(rest[m[2]:m[3]]))
		if href, ok := safeHref(rest[m[4]:m[5]]); ok {
			out.WriteString(`<a href="` + escapeHTML(href) + `"`)
			if webScheme.MatchString(href) {
				out.WriteString(` rel="noopener noreferrer"`)
			}
			out.WriteString(">" + text + "</a>")
		} else {
			out.WriteString(text)
		}
		rest = rest[m[1]:]
	}
	out.WriteString(emphasis(escapeHTML(rest)))
	return out.String()
}

// emphasis applies **bold**, __bold__ and *italic* to escaped text.
func emphasis(escaped string) string {
	s := boldStars.ReplaceAllString(escaped, "<strong>${1}</strong>")
	s = boldUnders.ReplaceAllString(s, "<strong>${1}</strong>")
	return italic(s)
}

// italic is JavaScript's
//
//	s.replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?![*\w])/g, '$1<em>$2</em>')
//
// a star-delimited run not touching other stars or word characters.
func italic(s string) string {
	rs := []rune(s)
	n := len(rs)
	isWord := func(r rune) bool {
		return r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
	}
	// closing finds the end of the emphasised run that starts at g: the
	// position of its last character, or -1.
	closing := func(g int) int {
		if g >= n || isJSSpace(rs[g]) {
			return -1
		}
		for k := g; k < n; k++ {
			if k > g && rs[k-1] == '*' {
				return -1 // [^*]*? cannot take a star
			}
			if isJSSpace(rs[k]) || k+1 >= n || rs[k+1] != '*' {
				continue
			}
			if k+2 < n && (rs[k+2] == '*' || isWord(rs[k+2])) {
				continue
			}
			return k
		}
		return -1
	}
	var out strings.Builder
	last := 0
	for p := 0; p < n; p++ {
		// (^|[^*\w]) then \*: try the start of input first, then one
		// leading character.
		var lead, star int
		switch {
		case p == 0 && rs[0] == '*' && closing(1) >= 0:
			lead, star = 0, 0
		case rs[p] != '*' && !isWord(rs[p]) && p+1 < n && rs[p+1] == '*' && closing(p+2) >= 0:
			lead, star = 1, p+1
		default:
			continue
		}
		k := closing(star + 1)
		out.WriteString(string(rs[last:p]))
		out.WriteString(string(rs[p:p+lead]) + "<em>" + string(rs[star+1:k+1]) + "</em>")
		last = k + 2
		p = k + 1
	}
	out.WriteString(string(rs[last:]))
	return out.String()
}

func cells(row string) []string {
	r := trim(row)
	r = strings.TrimPrefix(r, "|")
	r = strings.TrimSuffix(r, "|")
	parts := strings.Split(r, "|")
	for i, c := range parts {
		parts[i] = trim(c)
	}
	return parts
}

// Markdown renders a markdown body. Headings start at <h2> (the page title
// is the <h1>): "#" and "##" are h2, "###" h3, deeper h4. Tables get a
// scrollable, focusable wrapper named by a visually hidden caption, so a
// wide one stays usable on a phone. Every character of the source is
// escaped: raw HTML shows as text, and the only markup in the output is the
// renderer's own. Markdown has no image syntax. A body rendered before is
// answered from memory.
func Markdown(md string) string { return markdownMemo.do(md, markdown) }

func markdown(md string) string {
	lines := strings.Split(lineBreakRE.ReplaceAllString(md, "\n"), "\n")
	var out []string
	var para []string
	tables := 0
	flush := func() {
		if len(para) > 0 {
			parts := make([]string, len(para))
			for i, l := range para {
				parts[i] = inline(l)
			}
			out = append(out, "<p>"+strings.Join(parts, "<br>")+"</p>")
		}
		para = nil
	}
	for i := 0; i < len(lines); {
		line := lines[i]
		if blank.MatchString(line) {
			flush()
			i++
			continue
		}
		if h := heading.FindStringSubmatch(line); h != nil {
			flush()
			level := min(max(utf8.RuneCountInString(h[1]), 2), 4)
			tag := string(rune('0' + level))
			out = append(out, "<h"+tag+">"+inline(h[2])+"</h"+tag+">")
			i++
			continue
		}
		if rule.MatchString(line) {
			flush()
			out = append(out, "<hr>")
			i++
			continue
		}
		if bullet.MatchString(line) || ordered.MatchString(line) {
			flush()
			isOrdered := !bullet.MatchString(line)
			re := bullet
			if isOrdered {
				re = ordered
			}
			var items strings.Builder
			for i < len(lines) && re.MatchString(lines[i]) {
				items.WriteString("<li>" + inline(re.FindStringSubmatch(lines[i])[1]) + "</li>")
				i++
			}
			if isOrdered {
				out = append(out, "<ol>"+items.String()+"</ol>")
			} else {
				out = append(out, "<ul>"+items.String()+"</ul>")
			}
			continue
		}
		if tableRow.MatchString(line) {
			flush()
			var rows []string
			for i < len(lines) && tableRow.MatchString(lines[i]) {
				rows = append(rows, lines[i])
				i++
			}
			out = append(out, markdownTable(rows, &tables))
			continue
		}
		para = append(para, trim(line))
		i++
	}
	flush()
	return strings.Join(out, "\n")
}

// markdownTable renders table rows; a "|---|" rule as the second row makes
// the first one the header.
func markdownTable(rows []string, tables *int) string {
	hasHeader := len(rows) > 1 && tableRule.MatchString(rows[1])
	body := rows
	if hasHeader {
		body = rows[2:]
	}
	*tables++
	id := "article-table-" + strconv.Itoa(*tables)
	var t strings.Builder
	t.WriteString(`<div class="article__table" role="region" tabindex="0" aria-labelledby="` + id + `"><table>`)
	t.WriteString(`<caption id="` + id + `" class="visually-hidden">Table ` + strconv.Itoa(*tables) + `</caption>`)
	if hasHeader {
		t.WriteString("<thead><tr>")
		for _, c := range cells(rows[0]) {
			t.WriteString(`<th scope="col">` + inline(c) + "</th>")
		}
		t.WriteString("</tr></thead>")
	}
	t.WriteString("<tbody>")
	for _, r := range body {
		if tableRule.MatchString(r) {
			continue
		}
		t.WriteString("<tr>")
		for _, c := range cells(r) {
			t.WriteString("<td>" + inline(c) + "</td>")
		}
		t.WriteString("</tr>")
	}
	t.WriteString("</tbody></table></div>")
	return t.String()
}
