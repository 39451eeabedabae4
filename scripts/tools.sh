#!/usr/bin/env bash
# Installs the pinned build and run tools into a cache outside the clone, once.
# Usage: scripts/tools.sh [name...]   (no names: every tool not marked optional)
# A name is a tool below or a set: `codegen` is buf and the four protoc
# plugins (make generate, check-generated). `make run` needs only `minio`.
# Prints nothing for tools already present; fresh clones and CI reuse the cache.
set -euo pipefail

TOOLS_DIR="${TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools}"
mkdir -p "$TOOLS_DIR"

# name|module@version|binary
TOOLS=(
  "buf|github.com/bufbuild/buf/cmd/buf@v1.75.0|buf"
  "protoc-gen-go|google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12|protoc-gen-go"
  "protoc-gen-go-grpc|google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2|protoc-gen-go-grpc"
  "protoc-gen-grpc-gateway|github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-grpc-gateway@v2.32.0|protoc-gen-grpc-gateway"
  "protoc-gen-openapiv2|github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-openapiv2@v2.32.0|protoc-gen-openapiv2"
  "minio|github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c|minio"
  # Helm 4: its install is a server-side apply, so the API server refuses
  # unknown fields (Helm 3's client-side apply silently drops them).
  "helm|helm.sh/helm/v4/cmd/helm@v4.3.1|helm"
  # Built only when named: most machines run Debian's nats-server already.
  "nats-server|github.com/nats-io/nats-server/v2@v2.15.2|nats-server|optional"
  # make bench's load generators (scripts/bench.sh names them).
  # fortio 1.66.5: later releases need grol.io, which the module proxy here
  # refuses.
  "fortio|fortio.org/fortio@v1.66.5|fortio|optional"
  "vegeta|github.com/tsenart/vegeta/v12@v12.12.0|vegeta|optional"
  "ghz|github.com/bojand/ghz/cmd/ghz@v0.120.0|ghz|optional"
  # Issue 30: the trace backend (Jaeger v2, an OpenTelemetry Collector
  # distribution: OTLP in, a query API out) for make test's trace test and
  # make run TRACING=1. It carries replace directives, so `go install
  # pkg@version` refuses it: "module" builds it inside a throwaway module
  # (go get -tool).
  "jaeger|github.com/jaegertracing/jaeger/cmd/jaeger@v1.76.0|jaeger|optional|module"
  # make test's trace test reads spans from a much smaller collector (OTLP
  # in, OTLP JSON lines to a file out: under 2 minutes to build, Jaeger
  # about 20). "source" builds scripts/otelcol/main.go in a throwaway module
  # with the modules its requires.txt pins; the cached build is named by
  # the release and a hash of both files, so editing them rebuilds it.
  "otelcol|scripts/otelcol@v0.161.0|otelcol|optional|source"
  # promtool for the alert rules' unit tests, taken from Debian's
  # prometheus package (bookworm: 2.42) instead of built: the build took
  # 11 minutes of a cold make test, and the package's promtool runs the same
  # tests (checked against the rules' tests). "debian" extracts the one
  # binary from the downloaded package; nothing is installed.
  "promtool|debian:prometheus@2.42.0+ds-5+deb12u1|promtool|optional|debian"
)

CODEGEN=(buf protoc-gen-go protoc-gen-go-grpc protoc-gen-grpc-gateway protoc-gen-openapiv2)
want=()
for w in "$@"; do
  case $w in
    codegen) want+=("${CODEGEN[@]}") ;;
    *) want+=("$w") ;;
  esac
done
known=" "; for entry in "${TOOLS[@]}"; do known+="${entry%%|*} "; done
for w in "${want[@]}"; do
  case $known in *" $w "*) ;; *) echo "tools: unknown tool '$w' (tools:$known; set: codegen)" >&2; exit 2 ;; esac
done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# tool_version prints the version a tool's cached build is named by: the
# pinned version, and for a "source" tool a hash of its source files too.
tool_version() {
  local v="${1##*@}"
  if [ "${2:-}" = source ]; then
    v="$v-$(cat "$ROOT/${1%@*}"/main.go "$ROOT/${1%@*}"/requires.txt | sha256sum | cut -c1-12)"
  fi
  echo "$v"
}
selected() {
  [ ${#want[@]} -eq 0 ] && return 0
  local w; for w in "${want[@]}"; do [ "$w" = "$1" ] && return 0; done
  return 1
}

for entry in "${TOOLS[@]}"; do
  IFS='|' read -r name modver bin optional how <<<"$entry"
  if [ ${#want[@]} -eq 0 ] && [ -n "${optional:-}" ]; then continue; fi
  selected "$name" || continue
  version=$(tool_version "$modver" "${how:-}")
  dir="$TOOLS_DIR/$name-$version"
  if [ -x "$dir/$bin" ]; then continue; fi
  echo "tools: building $name $version (once, into $dir)" >&2
  tmp="$dir.tmp.$$"
  rm -rf "$tmp"; mkdir -p "$tmp"
  # An interrupted build leaves no half-made folder behind.
  trap 'rm -rf "$tmp"' EXIT
  # -s -w: no symbol table or DWARF (MinIO: 112 MB instead of 150, linked in
  # about 2 s less with 300 MB less memory).
  if [ "${how:-}" = debian ]; then
    pkg="${modver%@*}"; pkg="${pkg#debian:}"
    if ! (cd "$tmp" && apt-get download "$pkg=$version" >/dev/null 2>&1); then
      SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
      $SUDO apt-get update -qq
      (cd "$tmp" && apt-get download "$pkg=$version" >/dev/null)
    fi
    dpkg -x "$tmp"/"$pkg"_*.deb "$tmp/pkg"
    cp "$tmp/pkg/usr/bin/$bin" "$tmp/$bin"
    rm -rf "$tmp/pkg" "$tmp"/*.deb
  elif [ "${how:-}" = source ]; then
    src="$ROOT/${modver%@*}"
    mkdir -p "$tmp/mod"; cp "$src/main.go" "$tmp/mod/"
    # shellcheck disable=SC2046 # one module@version per line
    (cd "$tmp/mod" && go mod init "tool-$name" >/dev/null 2>&1 \
      && GOFLAGS=-mod=mod go get $(grep -v '^#' "$src/requires.txt") \
      && GOFLAGS=-mod=mod go build -trimpath -ldflags='-s -w' -o "$tmp/$bin" main.go)
    rm -rf "$tmp/mod"
  elif [ "${how:-}" = module ]; then
    mkdir -p "$tmp/mod"
    (cd "$tmp/mod" && go mod init "tool-$name" >/dev/null 2>&1 \
      && GOFLAGS=-mod=mod go get -tool "$modver" \
      && go build -trimpath -ldflags='-s -w' -o "$tmp/$bin" "${modver%@*}")
    rm -rf "$tmp/mod"
  else
    GOBIN="$tmp" GOFLAGS=-mod=mod go install -ldflags='-s -w' "$modver"
  fi
  rm -rf "$dir"; mv "$tmp" "$dir"
  trap - EXIT
done

# bin/ links the current versions so the Makefile can use one PATH entry.
mkdir -p "$TOOLS_DIR/bin"
for entry in "${TOOLS[@]}"; do
  IFS='|' read -r name modver bin _ how <<<"$entry"
  version=$(tool_version "$modver" "${how:-}")
  [ -x "$TOOLS_DIR/$name-$version/$bin" ] && ln -sfn "$TOOLS_DIR/$name-$version/$bin" "$TOOLS_DIR/bin/$bin"
done
exit 0
