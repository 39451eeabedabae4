#!/usr/bin/env bash
# Fails when a shipped binary depends on a test kit. Everything under
# internal/testkit/ (fresh databases, embedded NATS, MinIO, private CAs, the
# scratch stack, the Kubernetes harness, ...) serves tests and scripts only;
# the shipped binaries are every main package under services/ (the five the
# images are built from). Prints which binary pulls which kit, and through
# which of its packages.
set -euo pipefail
cd "$(dirname "$0")/.."

module=$(go list -m)
kit="$module/internal/testkit"
bins=$(go list -f '{{if eq .Name "main"}}{{.ImportPath}}{{end}}' ./services/...)
[ -n "$bins" ] || { echo "check-testkit: no main packages under ./services" >&2; exit 1; }

bad=0
for bin in $bins; do
  # One line per dependency: the package, then what it imports.
  hits=$(go list -deps -f '{{.ImportPath}}{{range .Imports}} {{.}}{{end}}' "$bin" |
    awk -v kit="$kit" '{ for (i = 2; i <= NF; i++) if ($i == kit || index($i, kit "/") == 1) print $i " (imported by " $1 ")" }' |
    sort -u)
  if [ -n "$hits" ]; then
    bad=1
    while IFS= read -r h; do echo "${bin#"$module/"} pulls ${h//"$module/"/}" >&2; done <<<"$hits"
  fi
done
if [ "$bad" -ne 0 ]; then
  echo "check-testkit: shipped binaries must not depend on internal/testkit/... (test and harness code only)" >&2
  exit 1
fi
echo "check-testkit: no shipped binary depends on internal/testkit ($(echo "$bins" | wc -l) binaries)"
