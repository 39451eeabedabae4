package csvcell

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSafeNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	got := Safe([]string{"=1+1", "+SUM(A1)", "-2", "@cmd", "\tx", "\rx", "plain", "", "a=b"})
	require.Equal(t, []string{"'=1+1", "'+SUM(A1)", "'-2", "'@cmd", "'\tx", "'\rx", "plain", "", "a=b"}, got)
}
