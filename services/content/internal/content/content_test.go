package content

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDeriveCategory(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"How CIPP Pipe Lining Works":           "Technology",
		"Trenchless Repair Costs Explained":    "Technology",
		"Pipe Lifespan by Material":            "Maintenance",
		"Warning Signs of Sewer Line Failure":  "Maintenance",
		"Sewer Repair Cost Guide":              "Cost Guide",
		"Orangeburg Pipe: What To Know":        "Pipe Types",
		"Clay Sewer Pipe and Roots":            "Pipe Types",
		"Monsoon Drain Care":                   "Prevention",
		"What a Drain Camera Inspection Shows": "Prevention",
	}
	for title, want := range cases {
		require.Equal(t, want, DeriveCategory(title), title)
	}
}

func TestReadTimeMinutes(t *testing.T) {
	t.Parallel()
	require.Equal(t, 1, ReadTimeMinutes(""))
	require.Equal(t, 1, ReadTimeMinutes(strings.Repeat("word ", 200)))
	require.Equal(t, 2, ReadTimeMinutes(strings.Repeat("word ", 201)))
	// 3 words a line: markdown punctuation is not counted.
	require.Equal(t, 8, ReadTimeMinutes(strings.Repeat("## Head\n- **bold** item\n", 500)))
	// Tags are not words; their text is.
	require.Equal(t, 2, ReadTimeMinutes(strings.Repeat(`<p class="x y z">one</p> `, 201)))
	require.Equal(t, 1, ReadTimeMinutes("don't re-line it"))
}

func TestEffectiveCategoryPrefersExplicit(t *testing.T) {
	t.Parallel()
	require.Equal(t, "Seasonal", Post{Title: "CIPP in July", Category: "Seasonal"}.EffectiveCategory())
	require.Equal(t, "Technology", Post{Title: "CIPP in July"}.EffectiveCategory())
}
