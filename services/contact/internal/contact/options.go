package contact

import (
	"strings"
	"unicode"
)

// Option is one choice of a form's list (SPEC §3 "Form option lists"): the
// value stored and the label people read.
type Option struct {
	Value, Label string
}

// The option lists of both forms. A submitted value matching one of them
// (by value or label, in any case or punctuation) is stored as its Value;
// anything else is stored as given: optional fields never refuse a lead.
var (
	Cities = []Option{
		{"phoenix", "Phoenix"}, {"scottsdale", "Scottsdale"}, {"tempe", "Tempe"}, {"mesa", "Mesa"},
		{"chandler", "Chandler"}, {"gilbert", "Gilbert"}, {"glendale", "Glendale"}, {"peoria", "Peoria"},
	}
	HomeAges = []Option{
		{"pre-1980", "Before 1980"}, {"1980-1989", "1980-1989"}, {"1990-1999", "1990-1999"},
		{"2000-2009", "2000-2009"}, {"2010+", "2010 or newer"},
	}
	Urgencies = []Option{
		{"this-week", "This week"}, {"this-month", "This month"}, {"planning", "Just planning"},
		{"soon", "As soon as possible"},
	}
	// HomeIssues are the shared form's issues (home, city and service pages).
	HomeIssues = []Option{
		{"frequent-clogs", "Frequent clogs or backups"}, {"slow-drainage", "Slow drainage"},
		{"bad-odors", "Bad odors from drains"}, {"gurgling", "Gurgling sounds"}, {"other", "Other (describe below)"},
	}
	// ContactProblems are the /contact page's problems.
	ContactProblems = []Option{
		{"slow-drains", "Slow drains"}, {"recurring-clogs", "Recurring clogs"}, {"bad-odors", "Bad odors"},
		{"gurgling-sounds", "Gurgling sounds"}, {"water-backups", "Water backups"}, {"other-issues", "Other issues"},
	}
)

// Caps of the optional fields: longer values are cut, never refused.
const (
	MaxOptionLen = 100
	MaxIssues    = 20
)

// matchKey folds a value for comparison: lower case, every run of
// punctuation or space one space. "Pre-1980" and "pre 1980" match.
func matchKey(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '+'
	}), " ")
}

// stateSuffixes are what people add after a town's name.
var stateSuffixes = []string{" arizona", " az", " usa", " us"}

// Normalize returns the value of the option s names in lists (searched in
// order, so a form's own list wins over another's), or s itself, trimmed
// and capped, when none does.
func Normalize(s string, lists ...[]Option) string {
	s = clean(s, MaxOptionLen)
	key := matchKey(s)
	if key == "" {
		return s
	}
	for _, list := range lists {
		for _, o := range list {
			if key == matchKey(o.Value) || key == matchKey(o.Label) {
				return o.Value
			}
		}
	}
	return s
}

// NormalizeCity is Normalize for a city, also ignoring a trailing state or
// country ('Phoenix, AZ', 'Mesa, Arizona, USA').
func NormalizeCity(s string) string {
	city := Normalize(s, Cities)
	key := matchKey(city)
	for trimmed := true; trimmed; {
		trimmed = false
		for _, suf := range stateSuffixes {
			if k, ok := strings.CutSuffix(key, suf); ok {
				key, trimmed = k, true
			}
		}
	}
	for _, o := range Cities {
		if key == o.Value {
			return o.Value
		}
	}
	return city
}

// IssueLists returns the issue lists in the order a lead of variant reads
// them: its own form's first.
func IssueLists(variant string) [][]Option {
	if variant == VariantContact {
		return [][]Option{ContactProblems, HomeIssues}
	}
	return [][]Option{HomeIssues, ContactProblems}
}

// Label returns the label of value in lists, or value itself (as the
// visitor gave it) when no list has it.
func Label(value string, lists ...[]Option) string {
	for _, list := range lists {
		for _, o := range list {
			if o.Value == value {
				return o.Label
			}
		}
	}
	return value
}

// InferVariant says which SPEC §5 rule set applies to a submission whose
// client did not say: the /contact page's payload (SPEC §7) carries
// hasVideo (always false), previousRepairs and preferredContactTime, which
// the home, city and service pages' form never sends.
func InferVariant(given string, hasVideoSent bool, previousRepairs, preferredContactTime string) string {
	if given != "" {
		return given
	}
	if hasVideoSent || strings.TrimSpace(previousRepairs) != "" || strings.TrimSpace(preferredContactTime) != "" {
		return VariantContact
	}
	return VariantHome
}
