package contactgrpc_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactgrpc"
)

// The variant is inferred once, before the rules, from whether hasVideo was
// sent: SPEC §7's /contact payload sends it false, with previousRepairs and
// preferredContactTime null, and is the /contact form's all the same. (The
// domain once inferred it again from hasVideo's value, which calls that
// payload the home form's.) The lead keeps the variant settled here.
func TestTheVariantIsInferredOnceFromWhetherHasVideoWasSent(t *testing.T) {
	t.Parallel()
	home, contactPage := spec7Payloads(t)
	require.NotNil(t, contactPage.HasVideo)
	require.False(t, contactPage.GetHasVideo())
	require.Empty(t, contactPage.GetPreviousRepairs()+contactPage.GetPreferredContactTime()+contactPage.GetFormVariant())

	contactgrpc.SettleVariant(contactPage)
	require.Equal(t, contact.VariantContact, contactPage.GetFormVariant())
	require.Equal(t, contact.VariantContact, contact.Prepare(contactgrpc.SubmissionFromProto(contactPage)).FormVariant)

	contactgrpc.SettleVariant(home)
	require.Equal(t, contact.VariantHome, home.GetFormVariant(), "no hasVideo sent: the home form")
	require.Equal(t, contact.VariantHome, contact.Prepare(contactgrpc.SubmissionFromProto(home)).FormVariant)
}
