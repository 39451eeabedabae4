package pgdb

import "testing"

func TestContainsMatchesTheTextItself(t *testing.T) {
	for in, want := range map[string]string{
		"roots":     "%roots%",
		"50%":       `%50\%%`,
		"a_b":       `%a\_b%`,
		`back\path`: `%back\\path%`,
	} {
		if got := Contains(in); got != want {
			t.Errorf("Contains(%q) = %q, want %q", in, got, want)
		}
	}
}
