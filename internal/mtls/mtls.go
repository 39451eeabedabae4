// Package mtls is mutual TLS between the product's own processes, from a certificate directory in the form
// cert-manager writes a Secret (tls.crt, tls.key, ca.crt); a renewed key pair is used from the next handshake.
package mtls

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// The files of a certificate directory.
const (
	CertFile = "tls.crt"
	KeyFile  = "tls.key"
	CAFile   = "ca.crt"
)

// Server is the TLS configuration of a server whose certificate directory is dir: it presents tls.crt and
// admits only clients presenting a certificate that ca.crt signed.
func Server(dir string) (*tls.Config, error) {
	kp, pool, err := load(dir)
	if err != nil {
		return nil, err
	}
	return &tls.Config{
		MinVersion:     tls.VersionTLS13,
		GetCertificate: func(*tls.ClientHelloInfo) (*tls.Certificate, error) { return kp.get() },
		ClientAuth:     tls.RequireAndVerifyClientCert,
		ClientCAs:      pool,
	}, nil
}

// Client is the TLS configuration of a client whose certificate directory is dir: it accepts only a server
// certificate that ca.crt signed for the host dialled, and presents tls.crt.
func Client(dir string) (*tls.Config, error) {
	kp, pool, err := load(dir)
	if err != nil {
		return nil, err
	}
	return &tls.Config{
		MinVersion:           tls.VersionTLS13,
		RootCAs:              pool,
		GetClientCertificate: func(*tls.CertificateRequestInfo) (*tls.Certificate, error) { return kp.get() },
	}, nil
}

// load reads dir's key pair and authority once, so a missing or broken directory stops the binary at start.
// The authority is kept for the life of the process (it changes rarely, and a client's trusted roots cannot
// change per connection); the key pair is re-read when its files change, as cert-manager renews it.
func load(dir string) (*keyPair, *x509.CertPool, error) {
	kp := &keyPair{certFile: filepath.Join(dir, CertFile), keyFile: filepath.Join(dir, KeyFile)}
	if _, err := kp.get(); err != nil {
		return nil, nil, fmt.Errorf("certificate directory %s: %w", dir, err)
	}
	caPEM, err := os.ReadFile(filepath.Join(dir, CAFile))
	if err != nil {
		return nil, nil, fmt.Errorf("certificate directory %s: %w", dir, err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(caPEM) {
		return nil, nil, fmt.Errorf("certificate directory %s: %s holds no PEM certificate", dir, CAFile)
	}
	return kp, pool, nil
}

// keyPair is a certificate and key on disk, re-read when either file's modification time or size changes.
// A Secret volume swaps both at once by a symlink; os.Stat follows it to the files of the new generation.
type keyPair struct {
	certFile, keyFile string

	mu    sync.Mutex
	stamp [2]fileStamp
	cert  *tls.Certificate
}

type fileStamp struct {
	mod  time.Time
	size int64
}

func stampOf(path string) (fileStamp, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}, err
	}
	return fileStamp{mod: fi.ModTime(), size: fi.Size()}, nil
}

func (k *keyPair) get() (*tls.Certificate, error) {
	certStamp, err1 := stampOf(k.certFile)
	keyStamp, err2 := stampOf(k.keyFile)
	stamp := [2]fileStamp{certStamp, keyStamp}
	k.mu.Lock()
	defer k.mu.Unlock()
	if err1 == nil && err2 == nil && k.cert != nil && stamp == k.stamp {
		return k.cert, nil
	}
	cert, err := tls.LoadX509KeyPair(k.certFile, k.keyFile)
	if err != nil {
		if k.cert != nil {
			// A renewal caught half-written (new certificate, old key): keep the last good pair; the
			// next handshake looks again.
			return k.cert, nil
		}
		return nil, err
	}
	k.cert, k.stamp = &cert, stamp
	return k.cert, nil
}
