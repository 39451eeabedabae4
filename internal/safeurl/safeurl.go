// Package safeurl decides whether a link or image URL from staff-written
// content may reach a browser: relative URLs and the schemes http, https,
// mailto and tel, read the way a browser reads them.
package safeurl

import "strings"

// Strip removes what a browser ignores inside a URL (control characters and
// spaces), so "java\tscript:" reads as the "javascript:" it is.
func Strip(v string) string {
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, v)
}

// Allowed says whether v, once stripped, is relative or uses http, https,
// mailto or tel, in any case. As in a browser's URL parser, a URL has a
// scheme only when what comes before its first ':' is one (a letter, then
// letters, digits, '+', '-' or '.'); anything else is a relative path.
func Allowed(v string) bool {
	t := strings.ToLower(Strip(v))
	colon := strings.IndexByte(t, ':')
	if colon < 0 || !isScheme(t[:colon]) {
		return true
	}
	switch t[:colon] {
	case "http", "https", "mailto", "tel":
		return true
	}
	return false
}

func isScheme(s string) bool {
	for i, r := range s {
		alpha := r >= 'a' && r <= 'z'
		if !alpha && (i == 0 || !(r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return s != ""
}
