// Package htmltest checks HTML the site serves from staff-written bodies for
// anything a browser could run: the shared assertion of the sanitiser's and
// the renderer's tests and fuzz targets.
package htmltest

import (
	"strings"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/valleytrenchless/site/internal/safeurl"
)

// scriptCapable are elements that can run code, load other documents or
// post data; none may come out of the sanitiser or the renderer.
var scriptCapable = map[string]bool{
	"script": true, "style": true, "iframe": true, "frame": true, "frameset": true, "object": true, "embed": true,
	"applet": true, "svg": true, "math": true, "form": true, "input": true, "button": true, "textarea": true,
	"select": true, "link": true, "meta": true, "base": true, "template": true, "noscript": true,
}

// urlAttrs are the attributes a browser follows or loads.
var urlAttrs = map[string]bool{"href": true, "src": true, "srcset": true, "action": true, "formaction": true, "xlink:href": true, "poster": true}

// Unsafe parses fragment as the body of a page and returns a description of
// each thing in it a browser could run: a script-capable element, an event
// handler attribute (on…), a style attribute, or a URL attribute whose
// scheme is not http, https, mailto or tel. Empty means safe.
func Unsafe(fragment string) []string {
	ctx := &xhtml.Node{Type: xhtml.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := xhtml.ParseFragment(strings.NewReader(fragment), ctx)
	if err != nil {
		return []string{"unparsable: " + err.Error()}
	}
	var out []string
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode {
			if scriptCapable[strings.ToLower(n.Data)] || n.Namespace != "" {
				out = append(out, "element <"+n.Data+">")
			}
			for _, a := range n.Attr {
				key := strings.ToLower(a.Key)
				switch {
				case strings.HasPrefix(key, "on"):
					out = append(out, "handler "+key+" on <"+n.Data+">")
				case key == "style":
					out = append(out, "style on <"+n.Data+">")
				case urlAttrs[key] && !safeurl.Allowed(a.Val): // the parser has decoded entities
					out = append(out, key+"="+a.Val+" on <"+n.Data+">")
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return out
}
