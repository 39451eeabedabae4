package contact

import "strings"

// CleanText is s as a lead can store it: without NUL characters (U+0000),
// which Postgres refuses in text (SQLSTATE 22021), and with any byte that
// is not UTF-8 replaced by U+FFFD (Postgres refuses those too). A visitor
// never typed either: they come pasted, from a crafted link's attribution
// (/?utm_source=%00) or from a client other than a browser, and refusing
// them would lose the lead over something no one sees.
func CleanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\x00", "")
}
