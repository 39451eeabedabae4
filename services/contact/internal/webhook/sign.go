package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// secretPrefix marks a Standard Webhooks secret; base64 of the key follows.
const secretPrefix = "whsec_"

// NewSecret returns a fresh signing secret: whsec_ and 32 random bytes in
// base64, as the Standard Webhooks libraries read one.
func NewSecret() string {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read does not fail (Go 1.24+)
	return secretPrefix + base64.StdEncoding.EncodeToString(key)
}

// secretKey is the HMAC key a secret holds.
func secretKey(secret string) ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, secretPrefix))
	if err != nil || len(key) == 0 {
		return nil, errors.New("webhook: malformed secret")
	}
	return key, nil
}

// Headers are a delivery's Standard Webhooks headers.
type Headers struct {
	ID        string // webhook-id
	Timestamp string // webhook-timestamp: Unix seconds
	Signature string // webhook-signature: "v1,<base64>" per secret, space separated
}

// Sign signs body for the delivery id at t with every secret: each
// signature is the base64 HMAC-SHA256 of "id.timestamp.body" under the
// secret's key, so a receiver holding either of two secrets (a rotation)
// verifies it.
func Sign(id string, t time.Time, body []byte, secrets ...string) (Headers, error) {
	ts := strconv.FormatInt(t.Unix(), 10)
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		key, err := secretKey(s)
		if err != nil {
			return Headers{}, err
		}
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(id + "." + ts + "."))
		mac.Write(body)
		sigs = append(sigs, "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	}
	return Headers{ID: id, Timestamp: ts, Signature: strings.Join(sigs, " ")}, nil
}

// SecretHint is a secret's last four characters, to tell secrets apart in
// the admin without showing them.
func SecretHint(secret string) string {
	if len(secret) < 4 {
		return ""
	}
	return secret[len(secret)-4:]
}
