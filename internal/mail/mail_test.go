package mail

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A subject stays one header line whatever it holds, the body's line ends
// become CRLF, and every message names its sender, recipients and an id
// on the sender's domain.
func TestAMessageIsWellFormedWhateverItsText(t *testing.T) {
	s := SMTP{From: "website@valleytrenchless.example"}
	raw := string(s.format(Message{To: []string{"a@x.example", "b@x.example"}, Subject: "Hi\r\nBcc: evil@x.example\u2028there",
		Body: "one\ntwo\r\nthree"}))
	head, body, ok := strings.Cut(raw, "\r\n\r\n")
	require.True(t, ok)
	require.Contains(t, head, "Subject: Hi Bcc: evil@x.example there\r\n")
	require.NotContains(t, head, "\r\nBcc:")
	require.Contains(t, head, "From: website@valleytrenchless.example\r\nTo: a@x.example, b@x.example\r\n")
	require.Regexp(t, `Message-ID: <[0-9a-f]{24}@valleytrenchless\.example>`, head)
	require.Equal(t, "one\r\ntwo\r\nthree", body)
}

func TestAMessageWithoutRecipientsIsNotSent(t *testing.T) {
	require.ErrorIs(t, SMTP{Host: "127.0.0.1", Port: 1}.Send(context.Background(), Message{Subject: "x"}), ErrNoRecipients)
}
