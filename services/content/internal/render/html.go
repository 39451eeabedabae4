package render

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTML renders an HTML body. The content service sanitised it when it was
// saved; it is sanitised again here all the same, so a row written by other
// means (a restore, a migration, a bug) cannot bring script to the page.
// Then, on the parsed tree:
//   - each table goes in a scrollable, focusable region named "Table N",
//     as markdown tables are, so a wide one stays usable on a phone;
//   - each image gets width and height (so its box is reserved before it
//     loads), loading="lazy" and decoding="async"; a media-library image
//     its real size, a srcset of its stored renditions and sizes; any other
//     keeps a width and height it had both of, or gets the 1200×675 box and
//     FitClass.
func HTML(body string, imgs Images) string {
	root, err := parse(sanitized(body))
	if err != nil {
		return "" // a strings.Reader does not fail
	}
	var tables, images []*html.Node
	for n := range root.Descendants() {
		switch {
		case n.Type != html.ElementNode:
		case n.DataAtom == atom.Table:
			tables = append(tables, n)
		case n.DataAtom == atom.Img:
			images = append(images, n)
		}
	}
	for i, t := range tables {
		wrap := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div, Attr: []html.Attribute{
			{Key: "class", Val: "article__table"}, {Key: "role", Val: "region"}, {Key: "tabindex", Val: "0"},
			{Key: "aria-label", Val: "Table " + strconv.Itoa(i+1)},
		}}
		t.Parent.InsertBefore(wrap, t)
		t.Parent.RemoveChild(t)
		wrap.AppendChild(t)
	}
	for _, img := range images {
		sizeImage(img, imgs)
	}
	var b strings.Builder
	for c := range root.ChildNodes() {
		if err := html.Render(&b, c); err != nil {
			return ""
		}
	}
	return b.String()
}

// parse reads an HTML fragment as the content of a <div>.
func parse(s string) (*html.Node, error) {
	root := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(s), root)
	if err != nil {
		return nil, err
	}
	for _, n := range nodes {
		root.AppendChild(n)
	}
	return root, nil
}

// htmlImageKeys returns the media-library keys of a sanitised body's images.
func htmlImageKeys(sanitised string) []string {
	root, err := parse(sanitised)
	if err != nil {
		return nil
	}
	var keys []string
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Img {
			if k, ok := MediaKey(attr(n, "src")); ok {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// sizeImage sets an image's size, candidates and loading attributes.
func sizeImage(img *html.Node, imgs Images) {
	var w, h int
	var set, fit string
	if key, ok := MediaKey(attr(img, "src")); ok && imgs[key].Width > 0 && imgs[key].Height > 0 {
		im := imgs[key]
		w, h, set = im.Width, im.Height, srcset(key, im)
	} else if sw, sh := dimension(attr(img, "width")), dimension(attr(img, "height")); sw > 0 && sh > 0 {
		w, h = sw, sh
	} else {
		w, h, fit = FallbackWidth, FallbackHeight, FitClass
	}
	// Keep what the sanitiser allowed (src, alt, title); the rest is ours.
	kept := img.Attr[:0]
	for _, a := range img.Attr {
		switch a.Key {
		case "width", "height", "srcset", "sizes", "loading", "decoding", "class":
		default:
			kept = append(kept, a)
		}
	}
	img.Attr = append(kept, html.Attribute{Key: "width", Val: strconv.Itoa(w)}, html.Attribute{Key: "height", Val: strconv.Itoa(h)})
	if set != "" {
		img.Attr = append(img.Attr, html.Attribute{Key: "srcset", Val: set}, html.Attribute{Key: "sizes", Val: BodyImageSizes})
	}
	img.Attr = append(img.Attr, html.Attribute{Key: "loading", Val: "lazy"}, html.Attribute{Key: "decoding", Val: "async"})
	if fit != "" {
		img.Attr = append(img.Attr, html.Attribute{Key: "class", Val: fit})
	}
}

// dimension reads a width or height attribute: a positive whole number.
func dimension(v string) int {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n <= 0 {
		return 0
	}
	return n
}
