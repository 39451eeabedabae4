package contact

import (
	"regexp"
	"strings"
)

// MaxLanguageLen caps a lead's language tag. BCP 47 asks implementations
// to take tags of at least 35 characters; the site's pages send "en" or
// "es".
const MaxLanguageLen = 35

// languageTag is a well-formed BCP 47 tag as far as a lead needs one: a
// primary language subtag of 2 or 3 letters, then subtags of 1 to 8
// letters or digits ("es", "es-MX", "zh-Hant-TW", "es-419"). Grandfathered
// and private-use-only tags ("i-klingon", "x-…") are not taken.
var languageTag = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$`)

// NormalizeLanguage is the language a lead stores for what its form sent
// (issue 40): the page's language as a BCP 47 tag, trimmed and capped at
// MaxLanguageLen, kept as given when it is a well-formed tag and empty
// otherwise (unknown, read as English). It never refuses a lead: a value
// that is not a tag costs the lead its language, nothing else.
func NormalizeLanguage(s string) string {
	s = clean(s, MaxLanguageLen)
	if !languageTag.MatchString(s) {
		return ""
	}
	return s
}

// PrimaryLanguage is the primary subtag of a language tag, lower case:
// "es" for "es-MX" or "ES"; empty for an empty tag.
func PrimaryLanguage(tag string) string {
	primary, _, _ := strings.Cut(tag, "-")
	return strings.ToLower(primary)
}

// Spanish is the primary subtag of a lead from the Spanish site.
const Spanish = "es"

// IsSpanish reports whether a lead's language is Spanish (any region):
// staff see such a lead as preferring Spanish.
func IsSpanish(tag string) bool { return PrimaryLanguage(tag) == Spanish }

// IsEnglishOrUnknown reports whether a lead's language needs no mention:
// English (any region), or none recorded.
func IsEnglishOrUnknown(tag string) bool {
	p := PrimaryLanguage(tag)
	return p == "" || p == "en"
}
