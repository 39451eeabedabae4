package main

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/valleytrenchless/site/internal/testkit/miniotest"
	"github.com/valleytrenchless/site/internal/testkit/scratch"
	"github.com/valleytrenchless/site/internal/testkit/tlstest"
)

// repoBucket is the bucket pgBackRest's repository lives in.
const repoBucket = "pgbackrest"

// repository is the S3 store the backups and the WAL archive go to: a
// MinIO of its own, beside the stack's media MinIO (which the drill does
// not destroy), served over TLS only, because pgBackRest's S3 driver
// speaks nothing else.
type repository struct {
	Addr, CAFile string
	P            *scratch.Proc
}

// startRepository starts the TLS MinIO in dir, with a private CA whose
// certificate is written where the postgres user reads it (caFile), and
// makes the bucket.
func startRepository(dir, logDir, caFile string, c *cluster) (*repository, error) {
	certs := filepath.Join(dir, "certs")
	if err := os.MkdirAll(certs, 0o700); err != nil {
		return nil, err
	}
	ca, err := tlstest.NewAuthority("restore drill CA")
	if err != nil {
		return nil, err
	}
	// pgBackRest checks the name it connects to against the certificate's
	// DNS names only, never its IP addresses: the endpoint is localhost.
	if _, err := ca.IssueFiles(certs, "localhost", "localhost", "127.0.0.1"); err != nil {
		return nil, err
	}
	// MinIO's names for the pair.
	for from, to := range map[string]string{"tls.crt": "public.crt", "tls.key": "private.key"} {
		if err := os.Rename(filepath.Join(certs, from), filepath.Join(certs, to)); err != nil {
			return nil, err
		}
	}
	if err := c.writeOwned(caFile, ca.PEM(), 0o644); err != nil {
		return nil, err
	}
	r := &repository{Addr: scratch.FreeAddr(), CAFile: caFile}
	r.P, err = scratch.StartProc(logDir, "repo-minio", miniotest.Binary(),
		[]string{"server", filepath.Join(dir, "data"), "--address", r.Addr, "--console-address", "127.0.0.1:0", "--quiet", "--certs-dir", certs},
		[]string{"MINIO_ROOT_USER=" + scratch.MinIOUser, "MINIO_ROOT_PASSWORD=" + scratch.MinIOSecret, "MINIO_BROWSER=off"}, scratch.ProcOptions{})
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca.PEM())
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}
	hc := &http.Client{Transport: tr, Timeout: 2 * time.Second}
	if err := scratch.WaitFor("the repository's MinIO to be live (TLS)", 30*time.Second, func() bool {
		if r.P.Exited() {
			return true
		}
		resp, err := hc.Get("https://" + r.Addr + "/minio/health/live")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	}); err != nil || r.P.Exited() {
		return r, fmt.Errorf("repository MinIO not live (%v); see %s", err, filepath.Join(logDir, "repo-minio.log"))
	}
	mc, err := minio.New(r.Addr, &minio.Options{Creds: credentials.NewStaticV4(scratch.MinIOUser, scratch.MinIOSecret, ""), Secure: true, Transport: tr})
	if err != nil {
		return r, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return r, mc.MakeBucket(ctx, repoBucket, minio.MakeBucketOptions{})
}

// Port is the repository's port.
func (r *repository) Port() string { return r.Addr[len("127.0.0.1:"):] }

// cipherPass encrypts the repository (a deployment keeps its own in its
// secret store: without it no backup can be read).
var cipherPass = rand.Text()

// pgbackrestConf is the drill's pgBackRest configuration: the repository
// part is what a deployment writes (docs/operations.md), with the drill's
// endpoint, key and paths.
func pgbackrestConf(c *cluster, r *repository) string {
	dir := filepath.Dir(c.conf)
	return fmt.Sprintf(`[global]
repo1-type=s3
repo1-s3-endpoint=localhost
repo1-storage-port=%s
repo1-storage-ca-file=%s
repo1-s3-uri-style=path
repo1-s3-bucket=%s
repo1-s3-region=us-east-1
repo1-s3-key=%s
repo1-s3-key-secret=%s
repo1-path=/trenchless
repo1-retention-full=2
repo1-retention-diff=6
repo1-bundle=y
repo1-cipher-type=aes-256-cbc
repo1-cipher-pass=%s
compress-type=zst
process-max=2
start-fast=y
archive-async=y
spool-path=%s
log-path=%s
lock-path=%s
log-level-console=warn
log-level-file=detail

[%s]
pg1-path=%s
pg1-port=%s
pg1-socket-path=%s
pg1-user=postgres
`, r.Port(), r.CAFile, repoBucket, scratch.MinIOUser, scratch.MinIOSecret, cipherPass,
		filepath.Join(dir, "spool"), filepath.Join(dir, "log"), filepath.Join(dir, "lock"), stanza, c.data, c.port, c.sock)
}
