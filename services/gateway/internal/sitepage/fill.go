// Package sitepage fills current content into the prerendered HTML the edge
// serves (ADR 0003): editable texts into their data-ec marks, a post into the
// article template, and the JSON data blocks the app seeds its queries from.
// Every byte outside what it fills is left as the build wrote it, because
// React hydrates this HTML.
package sitepage

import (
	"bytes"
	"encoding/json"
	"html"
	"slices"
	"strings"

	xhtml "golang.org/x/net/html"
)

// Item is an editable text as GET /api/editable-content lists it: the
// fields the page and the app need.
type Item struct {
	ContentKey  string `json:"contentKey"`
	Content     string `json:"content"`
	ContentType string `json:"contentType"`
	// Locale and Fallback are a Spanish page's (issue 40): the language of
	// Content, and whether it is the English text of an item without a
	// Spanish one. English pages leave them out.
	Locale   string `json:"locale,omitempty"`
	Fallback bool   `json:"fallback,omitempty"`
}

// EditableContentBlock is the id of the data block of a page's editable
// texts.
const EditableContentBlock = "editable-content"

// Fill returns doc with the content of every data-ec mark replaced by its
// item's current content (unknown keys keep the build's default), and the
// page's items (pageItems) as the editable-content data block: in place of
// the one the build wrote (a Spanish page carries the build's Spanish
// texts), or else before </body>. Nil items (they could not be read) leave
// doc as it is: the marks hold the build's defaults, and its block, if it
// has one, the same texts, which is what the app shows without the block.
func Fill(doc []byte, items []Item) []byte {
	if items == nil {
		return doc
	}
	l := scan(doc)
	return apply(doc, append(l.markEdits(items), l.blockEdit(EditableContentBlock, itemsBlock(l.pageItems(items)))))
}

// blockEdit puts a data block in place of the document's block with the
// same id, or else before </body>: a page never carries two.
func (l layout) blockEdit(id string, block []byte) edit {
	if b, ok := l.blocks[id]; ok {
		return edit{start: b.start, end: b.end, text: block}
	}
	return edit{start: l.bodyEnd, end: l.bodyEnd, text: block}
}

// Keys are the content keys of doc's data-ec marks, in document order.
func Keys(doc []byte) []string {
	l := scan(doc)
	keys := make([]string, len(l.marks))
	for i, m := range l.marks {
		keys[i] = m.key
	}
	return keys
}

// SharedItemMax is the size up to which an item travels with every page.
// Longer ones (a legal page's whole body, say) go only with the pages that
// show them: the app fetches the full list when it needs an item its page
// did not carry.
const SharedItemMax = 1024

// pageItems are the items the page's data block carries: those marked on
// the page, and every short one (headings, intros, the footer: what a
// client-side navigation or a form's confirmation shows next).
func (l layout) pageItems(items []Item) []Item {
	marked := make(map[string]bool, len(l.marks))
	for _, m := range l.marks {
		marked[m.key] = true
	}
	out := make([]Item, 0, len(items))
	for _, it := range items {
		if marked[it.ContentKey] || len(it.Content) <= SharedItemMax {
			out = append(out, it)
		}
	}
	return out
}

// edit replaces doc[start:end] with text (an insertion when start == end).
// Edits are always computed on the build's document, so nothing filled in
// is ever scanned again.
type edit struct {
	start, end int
	text       []byte
}

// apply makes edits in document order. An edit that begins inside an
// earlier one is dropped: a mark inside a filled mark, or a token inside a
// removed head tag, went with its container.
func apply(doc []byte, edits []edit) []byte {
	slices.SortStableFunc(edits, func(a, b edit) int { return a.start - b.start })
	size := len(doc)
	for _, e := range edits {
		size += len(e.text) - (e.end - e.start)
	}
	out := make([]byte, 0, size)
	cursor := 0
	for _, e := range edits {
		if e.start < cursor {
			continue
		}
		out = append(out, doc[cursor:e.start]...)
		out = append(out, e.text...)
		cursor = e.end
	}
	return append(out, doc[cursor:]...)
}

// layout is where a document's fillable parts are, as byte offsets.
type layout struct {
	marks []mark
	// seo are the head's title, description, canonical, Open Graph,
	// Twitter and article tags (each with the white space after it), which
	// an article replaces with its own.
	seo []span
	// headEnd is the offset of </head> (-1 without one); bodyEnd that of
	// the last </body> (the document's length without one).
	headEnd, bodyEnd int
	// blocks are the document's JSON data blocks by id, each script
	// element whole (the first of an id).
	blocks map[string]span
}

type span struct{ start, end int }

// mark is a data-ec element: its content is doc[start:end].
type mark struct {
	key    string
	params map[string]string
	// escapeOnly: a title or textarea holds text only, so even an html
	// item goes in escaped.
	escapeOnly bool
	tag        string
	start, end int
	// depth counts open elements named tag, the mark's own included,
	// while the scan looks for its end tag.
	depth int
}

// voids are the elements that never have content or an end tag.
var voids = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// rawText elements hold script or style text, where HTML escaping means
// nothing: a mark on one is left alone.
var rawText = map[string]bool{"script": true, "style": true, "xmp": true, "iframe": true, "noembed": true,
	"noframes": true, "noscript": true, "plaintext": true}

// scan tokenizes doc once. The tokenizer knows raw-text elements, so a
// "</p>" inside a script or a style is not taken for an end tag; the
// offsets come from the tokens' raw lengths, so the document itself is
// never re-serialised.
func scan(doc []byte) layout {
	l := layout{headEnd: -1, bodyEnd: len(doc)}
	z := xhtml.NewTokenizer(bytes.NewReader(doc))
	var open []*mark
	inHead, titleStart := true, -1
	// The data block being read: its id and where its start tag began.
	blockID, blockStart := "", -1
	pos := 0
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			break
		}
		start := pos
		pos += len(z.Raw())
		switch tt {
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			var attrs map[string]string
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if attrs == nil {
					attrs = map[string]string{}
				}
				attrs[string(k)] = string(v)
			}
			if tag == "body" {
				inHead = false
			}
			if tag == "script" && tt == xhtml.StartTagToken && attrs["id"] != "" && strings.EqualFold(attrs["type"], "application/json") {
				blockID, blockStart = attrs["id"], start
			}
			if inHead {
				if tag == "title" {
					titleStart = start
				} else if isSEOTag(tag, attrs) {
					l.seo = append(l.seo, span{start, skipSpace(doc, pos)})
				}
			}
			// React writes every element other than a void one with an
			// explicit end tag, and "/>" only on void and SVG elements,
			// which have no end tag either.
			if tt == xhtml.SelfClosingTagToken || voids[tag] {
				continue
			}
			for _, m := range open {
				if m.tag == tag {
					m.depth++
				}
			}
			if key, ok := attrs["data-ec"]; ok && key != "" && !rawText[tag] {
				open = append(open, &mark{key: key, params: params(attrs), escapeOnly: tag == "title" || tag == "textarea",
					tag: tag, start: pos, depth: 1})
			}
		case xhtml.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			switch tag {
			case "head":
				if l.headEnd < 0 {
					l.headEnd = start
				}
				inHead = false
			case "body":
				l.bodyEnd = start
			case "script":
				if _, seen := l.blocks[blockID]; blockStart >= 0 && !seen {
					if l.blocks == nil {
						l.blocks = map[string]span{}
					}
					l.blocks[blockID] = span{blockStart, pos}
				}
				blockID, blockStart = "", -1
			case "title":
				if inHead && titleStart >= 0 {
					l.seo = append(l.seo, span{titleStart, skipSpace(doc, pos)})
					titleStart = -1
				}
			}
			for i := len(open) - 1; i >= 0; i-- {
				m := open[i]
				if m.tag != tag {
					continue
				}
				if m.depth--; m.depth == 0 {
					m.end = start
					l.marks = append(l.marks, *m)
					open = slices.Delete(open, i, i+1)
				}
			}
		}
	}
	// A mark still open at the end has no end tag: it keeps its default.
	return l
}

// isSEOTag reports whether a head tag is one an article page writes itself.
func isSEOTag(tag string, attrs map[string]string) bool {
	switch tag {
	case "meta":
		name, prop := strings.ToLower(attrs["name"]), strings.ToLower(attrs["property"])
		return name == "description" || strings.HasPrefix(name, "twitter:") ||
			strings.HasPrefix(prop, "og:") || strings.HasPrefix(prop, "article:")
	case "link":
		return strings.EqualFold(attrs["rel"], "canonical")
	}
	return false
}

func skipSpace(doc []byte, i int) int {
	for i < len(doc) && strings.IndexByte(" \t\r\n\f", doc[i]) >= 0 {
		i++
	}
	return i
}

// params are a mark's data-ec-NAME attributes, by NAME (lower case, as the
// tokenizer reports attribute names).
func params(attrs map[string]string) map[string]string {
	var p map[string]string
	for k, v := range attrs {
		if name, ok := strings.CutPrefix(k, "data-ec-"); ok && name != "" {
			if p == nil {
				p = map[string]string{}
			}
			p[name] = v
		}
	}
	return p
}

// markEdits fills each mark whose key has an item.
func (l layout) markEdits(items []Item) []edit {
	byKey := make(map[string]Item, len(items))
	for _, it := range items {
		byKey[it.ContentKey] = it
	}
	var edits []edit
	for _, m := range l.marks {
		it, ok := byKey[m.key]
		if !ok {
			continue
		}
		content := it.Content
		if it.ContentType != "html" || m.escapeOnly {
			content = html.EscapeString(content)
		}
		edits = append(edits, edit{start: m.start, end: m.end, text: []byte(fillParams(content, m.params))})
	}
	return edits
}

// fillParams replaces each {NAME} whose NAME the mark has a value for with
// that value, escaped; other braces stay as written. It reads names as the
// app's fillParams does ([A-Za-z][A-Za-z0-9_-]*), in one pass, so a value
// holding "{x}" is not filled again.
func fillParams(content string, p map[string]string) string {
	if len(p) == 0 || !strings.Contains(content, "{") {
		return content
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(content, '{')
		if open < 0 {
			break
		}
		n := 0
		for i := open + 1; i < len(content); i++ {
			c := content[i]
			if isLetter(c) || (n > 0 && (c >= '0' && c <= '9' || c == '_' || c == '-')) {
				n++
				continue
			}
			break
		}
		end := open + 1 + n
		if v, ok := p[strings.ToLower(content[open+1:end])]; ok && n > 0 && end < len(content) && content[end] == '}' {
			b.WriteString(content[:open])
			b.WriteString(html.EscapeString(v))
			content = content[end+1:]
			continue
		}
		b.WriteString(content[:open+1])
		content = content[open+1:]
	}
	b.WriteString(content)
	return b.String()
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// itemsBlock is the editable-content data block: each item's key, content
// and type (and on a Spanish page its language).
func itemsBlock(items []Item) []byte {
	if items == nil {
		items = []Item{}
	}
	b, _ := json.Marshal(items) // plain strings: cannot fail
	return dataBlock(EditableContentBlock, b)
}

// AddDataBlock returns doc with a data block holding jsonValue, in place of
// the document's block of that id or else before </body>: page data that
// is neither an editable text nor a post (the risk map's street map).
func AddDataBlock(doc []byte, id string, jsonValue []byte) []byte {
	return apply(doc, []edit{scan(doc).blockEdit(id, dataBlock(id, jsonValue))})
}

// dataBlock wraps JSON in a data block. json.Marshal and json.HTMLEscape
// write <, > and & as \u003c, \u003e and \u0026, so no string in it can
// close the script element.
func dataBlock(id string, jsonBytes []byte) []byte {
	var b bytes.Buffer
	b.WriteString(`<script type="application/json" id="` + id + `">`)
	json.HTMLEscape(&b, jsonBytes)
	b.WriteString("</script>")
	return b.Bytes()
}
