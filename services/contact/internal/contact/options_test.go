package contact

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOptionalAnswersAreNormalisedOrKeptAsGiven(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Tempe": "tempe", "Phoenix, AZ": "phoenix", " MESA, Arizona, USA ": "mesa", "scottsdale az": "scottsdale",
		"Cave Creek": "Cave Creek", "Queen Creek, AZ": "Queen Creek, AZ", "": "", "  ": "",
		strings.Repeat("x", 150): strings.Repeat("x", MaxOptionLen),
	} {
		require.Equal(t, want, NormalizeCity(in), "city %q", in)
	}
	for in, want := range map[string]string{
		"Before 1980": "pre-1980", "PRE-1980": "pre-1980", "2010 or newer": "2010+", "1950s": "1950s",
	} {
		require.Equal(t, want, Normalize(in, HomeAges), "home age %q", in)
	}
	require.Equal(t, "soon", Normalize("as soon as possible", Urgencies))
	require.Equal(t, "next spring", Normalize(" next spring ", Urgencies))
	// 'Gurgling sounds' is the home form's gurgling and the /contact
	// page's gurgling-sounds: the lead's own form decides.
	require.Equal(t, "gurgling", Normalize("Gurgling sounds", IssueLists(VariantHome)...))
	require.Equal(t, "gurgling-sounds", Normalize("Gurgling sounds", IssueLists(VariantContact)...))
	require.Equal(t, "Roots in the yard", Normalize("Roots in the yard", IssueLists(VariantHome)...))
}

func TestVariantIsInferredFromThePayload(t *testing.T) {
	t.Parallel()
	require.Equal(t, VariantHome, InferVariant("", false, "", ""), "the home form's payload has none of the /contact fields")
	require.Equal(t, VariantContact, InferVariant("", true, "", ""), "hasVideo is sent only by /contact")
	require.Equal(t, VariantContact, InferVariant("", false, "snaked in 2023", ""))
	require.Equal(t, VariantContact, InferVariant("", false, "", "mornings"))
	require.Equal(t, VariantHome, InferVariant(VariantHome, true, "x", "y"), "a client that says wins")
}

func TestNormalisedLeadsHaveNoRepeatsAndCaps(t *testing.T) {
	t.Parallel()
	issues := []string{"gurgling", "Gurgling sounds", " ", "GURGLING"}
	for i := range 30 {
		issues = append(issues, strings.Repeat("r", i+1))
	}
	l := Prepare(Submission{Lead: Lead{FormVariant: VariantHome, Issues: issues, City: "Phoenix, AZ"}})
	require.Equal(t, VariantHome, l.FormVariant)
	require.Len(t, l.Issues, MaxIssues)
	require.Equal(t, []string{"gurgling", "r", "rr"}, l.Issues[:3])
	require.Equal(t, "phoenix", l.City)
}
