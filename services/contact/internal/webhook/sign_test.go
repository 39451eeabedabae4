package webhook

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The Standard Webhooks spec's own example: the same id, time, body and
// secret give the signature its libraries give (checked against the npm
// standardwebhooks library).
func TestSignMatchesTheStandardWebhooksExample(t *testing.T) {
	h, err := Sign("msg_p5jXN8AQM9LWM0D4loKWxJek", time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`),
		"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
	require.NoError(t, err)
	require.Equal(t, Headers{ID: "msg_p5jXN8AQM9LWM0D4loKWxJek", Timestamp: "1614265330",
		Signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="}, h)
}

// During a rotation a delivery carries one signature per secret, the
// newest first, so a receiver holding either verifies it.
func TestARotatedEndpointSignsWithBothSecrets(t *testing.T) {
	now := time.Now()
	e := Endpoint{Secret: NewSecret(), PreviousSecret: NewSecret(), PreviousSecretExpiresAt: now.Add(RotationOverlap)}
	require.Len(t, e.Secrets(now), 2)
	require.Equal(t, []string{e.Secret}, e.Secrets(now.Add(RotationOverlap+time.Second)), "the old secret stops after 24 h")

	both, err := Sign("msg_1", now, []byte("{}"), e.Secrets(now)...)
	require.NoError(t, err)
	newOnly, _ := Sign("msg_1", now, []byte("{}"), e.Secret)
	oldOnly, _ := Sign("msg_1", now, []byte("{}"), e.PreviousSecret)
	require.Equal(t, newOnly.Signature+" "+oldOnly.Signature, both.Signature)
}

func TestNewSecretsAreStandardAndUnique(t *testing.T) {
	a, b := NewSecret(), NewSecret()
	require.NotEqual(t, a, b)
	require.True(t, strings.HasPrefix(a, "whsec_"))
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(a, "whsec_"))
	require.NoError(t, err)
	require.Len(t, key, 32)
	require.Equal(t, a[len(a)-4:], SecretHint(a))
	_, err = Sign("msg_1", time.Now(), nil, "whsec_not base64!")
	require.Error(t, err)
}
