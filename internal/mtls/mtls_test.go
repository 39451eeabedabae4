package mtls_test

import (
	"crypto/tls"
	"io"
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/mtls"
	"github.com/valleytrenchless/site/internal/testkit/tlstest"
)

// serve accepts TLS connections with cfg until the test ends, completing each handshake (which is where a
// client certificate is checked) and closing the connection.
func serve(t *testing.T, cfg *tls.Config) string {
	t.Helper()
	ln, err := tls.Listen("tcp", "127.0.0.1:0", cfg)
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			_ = c.(*tls.Conn).Handshake()
			c.Close()
		}
	}()
	return ln.Addr().String()
}

// dial completes a handshake and a read, so a refusal by the server (sent after the client's own handshake
// is done, in TLS 1.3) surfaces as an error.
func dial(addr string, cfg *tls.Config) (*tls.Conn, error) {
	c, err := tls.Dial("tcp", addr, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := c.Read(make([]byte, 1)); err != nil && err != io.EOF {
		c.Close()
		return nil, err
	}
	return c, nil
}

// pair serves TLS from a certificate directory of a new authority, and returns the authority, the server's
// directory and address, and a client of the same authority.
func pair(t *testing.T) (ca *tlstest.CA, serverDir, addr string, client *tls.Config) {
	t.Helper()
	ca = tlstest.NewCA(t, "trenchless internal")
	serverDir = ca.Dir(t, "content", "127.0.0.1")
	srvCfg, err := mtls.Server(serverDir)
	require.NoError(t, err)
	client, err = mtls.Client(ca.Dir(t, "gateway", "gateway"))
	require.NoError(t, err)
	return ca, serverDir, serve(t, srvCfg), client
}

func TestMutualTLSFromACertificateDirectory(t *testing.T) {
	t.Parallel()
	ca, serverDir, addr, clientCfg := pair(t)
	c, err := dial(addr, clientCfg)
	require.NoError(t, err, "a client of the same authority gets in")
	first := c.ConnectionState().PeerCertificates[0].SerialNumber
	c.Close()

	// Renewed in place, as cert-manager does: the next connection gets the new certificate without a restart.
	renewed := ca.Issue(t, serverDir, "content", "127.0.0.1")
	c, err = dial(addr, clientCfg)
	require.NoError(t, err)
	require.Equal(t, renewed.SerialNumber, c.ConnectionState().PeerCertificates[0].SerialNumber)
	require.NotEqual(t, first, renewed.SerialNumber)
	c.Close()

	// Refused: a client trusting another authority, a client of another authority, a client without a
	// certificate, and a server certificate that does not name the host dialled.
	other := tlstest.NewCA(t, "someone else")
	otherCfg, err := mtls.Client(other.Dir(t, "gateway", "gateway"))
	require.NoError(t, err)
	_, err = dial(addr, otherCfg)
	require.ErrorContains(t, err, "certificate signed by unknown authority")

	strangerDir := other.Dir(t, "gateway", "gateway")
	require.NoError(t, os.WriteFile(filepath.Join(strangerDir, mtls.CAFile), ca.PEM(), 0o600))
	strangerCfg, err := mtls.Client(strangerDir)
	require.NoError(t, err)
	_, err = dial(addr, strangerCfg)
	require.ErrorContains(t, err, "unknown certificate authority", "the server refuses a certificate its authority did not sign")

	anonymous := clientCfg.Clone()
	anonymous.GetClientCertificate = nil
	_, err = dial(addr, anonymous)
	require.ErrorContains(t, err, "certificate required")

	_, port, _ := net.SplitHostPort(addr)
	_, err = dial(net.JoinHostPort("localhost", port), clientCfg)
	require.ErrorContains(t, err, "wanted to match localhost")
}

func TestAHalfWrittenRenewalKeepsTheLastGoodPair(t *testing.T) {
	t.Parallel()
	ca, dir, addr, clientCfg := pair(t)

	// A new certificate whose key has not arrived yet.
	next := t.TempDir()
	ca.Issue(t, next, "content", "127.0.0.1")
	cert, err := os.ReadFile(filepath.Join(next, mtls.CertFile))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, mtls.CertFile), cert, 0o600))
	c, err := dial(addr, clientCfg)
	require.NoError(t, err, "the server keeps presenting the pair it had")
	c.Close()
}

func TestABrokenDirectoryIsReportedAtStart(t *testing.T) {
	t.Parallel()
	_, err := mtls.Server(t.TempDir())
	require.ErrorContains(t, err, "certificate directory")
	require.ErrorContains(t, err, "tls.crt")

	ca := tlstest.NewCA(t, "trenchless internal")
	dir := ca.Dir(t, "content", "127.0.0.1")
	require.NoError(t, os.WriteFile(filepath.Join(dir, mtls.CAFile), []byte("not a certificate"), 0o600))
	_, err = mtls.Client(dir)
	require.ErrorContains(t, err, "ca.crt holds no PEM certificate")
}
