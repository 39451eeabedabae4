package passkeys_test

// A software authenticator: what a phone or a laptop's platform
// authenticator does in a ceremony, with a P-256 key made here. It answers
// a registration with attestation "none" and a sign-in with an ECDSA
// signature over the authenticator data and the client data's hash, as
// the WebAuthn specification lays them out, so the gateway's checks run on
// real signatures.

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/stretchr/testify/require"
)

var b64 = base64.RawURLEncoding

// Authenticator data flags (WebAuthn §6.1).
const (
	flagUP = 0x01
	flagUV = 0x04
	flagAT = 0x40
)

// softKey is one passkey the authenticator holds.
type softKey struct {
	id     []byte
	key    *ecdsa.PrivateKey
	rpID   string
	handle []byte // the account's user handle
	count  uint32
}

// authenticator holds passkeys and answers as a browser would, at origin.
type authenticator struct {
	origin string
	keys   []*softKey
	// counts: the signature counter goes up with each use (a security
	// key); false leaves it at 0 (a synced passkey).
	counts bool
}

// creationOptions is what the browser reads of the registration options.
type creationOptions struct {
	Challenge string `json:"challenge"`
	RP        struct {
		ID string `json:"id"`
	} `json:"rp"`
	User struct {
		ID string `json:"id"`
	} `json:"user"`
	ExcludeCredentials []struct {
		ID string `json:"id"`
	} `json:"excludeCredentials"`
	AuthenticatorSelection struct {
		ResidentKey      string `json:"residentKey"`
		UserVerification string `json:"userVerification"`
	} `json:"authenticatorSelection"`
}

// requestOptions is what the browser reads of the sign-in options.
type requestOptions struct {
	Challenge        string `json:"challenge"`
	RPID             string `json:"rpId"`
	UserVerification string `json:"userVerification"`
	AllowCredentials []struct {
		ID string `json:"id"`
	} `json:"allowCredentials"`
}

func clientData(t *testing.T, typ, challenge, origin string) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"type": typ, "challenge": challenge, "origin": origin, "crossOrigin": false})
	require.NoError(t, err)
	return b
}

func authData(rpID string, flags byte, count uint32, attested []byte) []byte {
	rpHash := sha256.Sum256([]byte(rpID))
	out := append(rpHash[:], flags)
	out = binary.BigEndian.AppendUint32(out, count)
	return append(out, attested...)
}

// coseKey is the public key as a COSE_Key (EC2, ES256, P-256).
func coseKey(t *testing.T, k *ecdsa.PrivateKey) []byte {
	t.Helper()
	b, err := webauthncbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1,
		-2: k.X.FillBytes(make([]byte, 32)), -3: k.Y.FillBytes(make([]byte, 32))})
	require.NoError(t, err)
	return b
}

// create answers registration options (the begin's JSON) as
// navigator.credentials.create does: a new key for the site and account,
// and the PublicKeyCredential as JSON.
func (a *authenticator) create(t *testing.T, options []byte) ([]byte, *softKey) {
	t.Helper()
	var o creationOptions
	require.NoError(t, json.Unmarshal(options, &o))
	require.Equal(t, "required", o.AuthenticatorSelection.ResidentKey, "a passkey must be discoverable")
	handle, err := b64.DecodeString(o.User.ID)
	require.NoError(t, err)
	for _, ex := range o.ExcludeCredentials {
		for _, k := range a.keys {
			require.NotEqual(t, b64.EncodeToString(k.id), ex.ID, "the browser would refuse: this authenticator already holds a passkey for the account")
		}
	}
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	k := &softKey{id: make([]byte, 32), key: priv, rpID: o.RP.ID, handle: handle}
	_, _ = rand.Read(k.id)
	a.keys = append(a.keys, k)

	attested := make([]byte, 16) // AAGUID: none given
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(k.id)))
	attested = append(attested, k.id...)
	attested = append(attested, coseKey(t, priv)...)
	object, err := webauthncbor.Marshal(map[string]any{
		"fmt": "none", "attStmt": map[string]any{}, "authData": authData(k.rpID, flagUP|flagUV|flagAT, 0, attested),
	})
	require.NoError(t, err)
	cd := clientData(t, "webauthn.create", o.Challenge, a.origin)
	return a.credential(t, k, map[string]any{
		"clientDataJSON": b64.EncodeToString(cd), "attestationObject": b64.EncodeToString(object), "transports": []string{"internal"},
	}), k
}

// get answers sign-in options as navigator.credentials.get does with the
// passkey k: authenticator data, the client data and the signature over
// both, with the account's user handle.
func (a *authenticator) get(t *testing.T, options []byte, k *softKey) []byte {
	t.Helper()
	var o requestOptions
	require.NoError(t, json.Unmarshal(options, &o))
	if a.counts {
		k.count++
	}
	ad := authData(o.RPID, flagUP|flagUV, k.count, nil)
	cd := clientData(t, "webauthn.get", o.Challenge, a.origin)
	cdHash := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte{}, ad...), cdHash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, k.key, digest[:])
	require.NoError(t, err)
	return a.credential(t, k, map[string]any{
		"clientDataJSON": b64.EncodeToString(cd), "authenticatorData": b64.EncodeToString(ad),
		"signature": b64.EncodeToString(sig), "userHandle": b64.EncodeToString(k.handle),
	})
}

func (a *authenticator) credential(t *testing.T, k *softKey, response map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"id": b64.EncodeToString(k.id), "rawId": b64.EncodeToString(k.id), "type": "public-key",
		"response": response, "clientExtensionResults": map[string]any{}, "authenticatorAttachment": "platform",
	})
	require.NoError(t, err)
	return b
}
