// Package tlstest makes private certificate authorities and certificates for tests, written as cert-manager
// writes a certificate's Secret: a directory holding tls.crt, tls.key and ca.crt. NewAuthority and IssueFiles
// return their error instead of failing a test, for code that runs outside one (the scratch stack).
package tlstest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// CA is a private certificate authority.
type CA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	pem  []byte
}

// NewCA makes a self-signed authority named name.
func NewCA(t testing.TB, name string) *CA {
	t.Helper()
	ca, err := NewAuthority(name)
	if err != nil {
		t.Fatal(err)
	}
	return ca
}

// NewAuthority is NewCA returning its error.
func NewAuthority(name string) (*CA, error) {
	ca := &CA{}
	var err error
	ca.cert, ca.key, ca.pem, err = certify(&x509.Certificate{
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}, name, nil)
	return ca, err
}

// certify completes tmpl (subject, serial, a day's validity, a new key) and signs it by parent, or by
// itself when parent is nil.
func certify(tmpl *x509.Certificate, commonName string, parent *CA) (*x509.Certificate, *ecdsa.PrivateKey, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("tlstest: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("tlstest: %w", err)
	}
	tmpl.SerialNumber, tmpl.Subject = serial, pkix.Name{CommonName: commonName}
	tmpl.NotBefore, tmpl.NotAfter = time.Now().Add(-time.Hour), time.Now().Add(24*time.Hour)
	signer, signerKey := tmpl, key
	if parent != nil {
		signer, signerKey = parent.cert, parent.key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, signer, &key.PublicKey, signerKey)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("tlstest: %w", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("tlstest: %w", err)
	}
	return cert, key, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), nil
}

// PEM is the authority's certificate.
func (ca *CA) PEM() []byte { return ca.pem }

// Dir issues a certificate (see Issue) into a new temporary directory and returns the directory.
func (ca *CA) Dir(t testing.TB, commonName string, hosts ...string) string {
	t.Helper()
	dir := t.TempDir()
	ca.Issue(t, dir, commonName, hosts...)
	return dir
}

// Issue writes a new certificate for hosts (IP addresses or DNS names), good for both a server and a client,
// with its key and the authority's certificate into dir as tls.crt, tls.key and ca.crt, replacing any there
// (each file by a rename, as a renewal would). It returns the certificate.
func (ca *CA) Issue(t testing.TB, dir, commonName string, hosts ...string) *x509.Certificate {
	t.Helper()
	cert, err := ca.IssueFiles(dir, commonName, hosts...)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

// IssueFiles is Issue returning its error.
func (ca *CA) IssueFiles(dir, commonName string, hosts ...string) (*x509.Certificate, error) {
	tmpl := &x509.Certificate{
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	cert, key, certPEM, err := certify(tmpl, commonName, ca)
	if err != nil {
		return nil, err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, fmt.Errorf("tlstest: %w", err)
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{"ca.crt", ca.pem}, {"tls.key", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})}, {"tls.crt", certPEM}} {
		if err := write(dir, f.name, f.data); err != nil {
			return nil, err
		}
	}
	return cert, nil
}

func write(dir, name string, data []byte) error {
	tmp := filepath.Join(dir, "."+name+".tmp")
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return fmt.Errorf("tlstest: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("tlstest: %w", err)
	}
	return nil
}
