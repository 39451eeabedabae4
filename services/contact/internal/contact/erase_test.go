package contact

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An erase matches a homeowner as the duplicate check does: the e-mail in
// any case, the phone by its digits, a US number with or without its
// country code; a number too short to be a person's matches nobody.
func TestAnEraseMatchesTheSamePersonWhateverTheyTyped(t *testing.T) {
	require.Equal(t, "ana.b@example.com", NormalizeEmail("  Ana.B@EXAMPLE.com "))
	require.Equal(t, []string{"6025550142", "16025550142"}, PhoneForms("(602) 555-0142"))
	require.Equal(t, []string{"16025550142", "6025550142"}, PhoneForms("+1 602.555.0142"))
	require.Equal(t, []string{"442071838750"}, PhoneForms("+44 20 7183 8750"))
	require.Empty(t, PhoneForms("n/a 000"))
	require.Empty(t, PhoneForms("555-01"))

	l := Lead{Email: "Ana@Example.com", Phone: "602-555-0142"}
	require.Equal(t, Match{Email: "ana@example.com", Phones: []string{"6025550142", "16025550142"}}, MatchOf(l, true, true))
	require.Equal(t, Match{Email: "ana@example.com"}, MatchOf(l, true, false))
	require.Equal(t, Match{}, MatchOf(l, false, false))
}

// An erased lead keeps an option only when it is one of the forms' own
// values: a category, not the visitor's words.
func TestAnErasedLeadKeepsOnlyTheFormsOptions(t *testing.T) {
	k := KeptOptions()
	require.Contains(t, k.Urgencies, "this-week")
	require.Contains(t, k.HomeAges, "pre-1980")
	require.Contains(t, k.Issues, "frequent-clogs")
	require.Contains(t, k.Issues, "water-backups")
	require.NotContains(t, k.Issues, "roots from the neighbour's tree")
	require.Equal(t, len(HomeIssues)+len(ContactProblems)-1, len(k.Issues), "bad-odors is on both forms and listed once")
}
