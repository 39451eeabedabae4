package contact

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue 40: a lead records the language of the page it came from. Any
// value is taken; what is not a language tag is stored as unknown.
func TestALeadsLanguageIsATagAsGivenOrUnknown(t *testing.T) {
	t.Parallel()
	long := "es-" + strings.Repeat("abcdefgh-", 5) // 48 characters, each subtag well formed
	for in, want := range map[string]string{
		"es": "es", "es-MX": "es-MX", "  es-419 ": "es-419", "EN-us": "EN-us", "zh-Hant-TW": "zh-Hant-TW",
		"en": "en", "fr-CA": "fr-CA", "": "", "   ": "",
		// Not tags: stored empty, the lead kept.
		"Spanish": "", "español": "", "es_MX": "", "es-": "", "-es": "", "e": "", "es--MX": "", "es-MX\n": "es-MX",
		"es-MX; DROP TABLE": "", "<script>": "", "es\x00": "es", "x-private": "", "i-klingon": "", "es-abcdefghi": "",
		// Capped at 35 characters first: a cut that leaves a well-formed
		// tag keeps it, one that ends in a hyphen does not.
		long: long[:MaxLanguageLen],
		"es-" + strings.Repeat("abcdefgh-", 3) + "abcdefg": "es-abcdefgh-abcdefgh-abcdefgh-abcde",
		strings.Repeat("a", 100):                           "",
		"es-" + strings.Repeat("x", 40):                    "",
	} {
		require.Equal(t, want, NormalizeLanguage(in), "language %q", in)
		require.LessOrEqual(t, len(NormalizeLanguage(in)), MaxLanguageLen)
	}
	require.Equal(t, "es-MX", Prepare(Submission{Lead: Lead{Language: " es-MX "}}).Language, "a submission's language is normalised with its other fields")
}

func TestSpanishIsAnyTagWhosePrimarySubtagIsEs(t *testing.T) {
	t.Parallel()
	for _, tag := range []string{"es", "ES", "es-MX", "es-419", "es-US"} {
		require.True(t, IsSpanish(tag), tag)
		require.False(t, IsEnglishOrUnknown(tag), tag)
	}
	for _, tag := range []string{"", "en", "en-US", "EN"} {
		require.False(t, IsSpanish(tag), tag)
		require.True(t, IsEnglishOrUnknown(tag), tag)
	}
	for _, tag := range []string{"fr-CA", "est", "eu", "pt-BR"} {
		require.False(t, IsSpanish(tag), tag)
		require.False(t, IsEnglishOrUnknown(tag), tag)
	}
	require.Equal(t, "es", PrimaryLanguage("ES-mx"))
}
