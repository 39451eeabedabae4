// Package testkit holds nothing itself; its subpackages are the kits that
// serve tests, benchmarks and the harness scripts (scripts/faults, attack,
// bench, restoredrill, the chart's tests) and never a shipped binary: fresh
// Postgres databases (pgtest), embedded NATS (natstest) and NATS as the
// runbook configures it (natsrunbook), MinIO (miniotest), private CAs
// (tlstest), an OpenID Connect provider (oidctest), a mail server
// (mailtest), loopback ports for child processes (freeport), gRPC, HTML, log and
// span helpers (grpctest, htmltest, logtest, spantest), traces read back
// from Jaeger or a collector's file (traces), the pinned tools' cache (toolcache), the whole stack from the
// built binaries (scratch) and Kubernetes on this machine (kubetest).
//
// Each keeps the name it had, so call sites read as before. make lint
// (scripts/check-testkit.sh) fails when a main package under services/
// depends on any of them.
package testkit
