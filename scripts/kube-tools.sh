#!/usr/bin/env bash
# Builds the Kubernetes control plane that `make chart-test` installs the
# chart into, once, from source through the Go module proxy, into the tool
# cache outside the clone: etcd, kube-apiserver, kube-controller-manager and a
# kubectl of the same minor version. (helm comes from scripts/tools.sh.)
# With `node` it also builds what a node needs: kubelet, kube-scheduler and
# kube-proxy of the same version, crictl and CoreDNS.
# Usage: scripts/kube-tools.sh [node]   (prints nothing when everything is cached)
# The first run takes about 6-8 minutes on two cores; later runs are instant.
set -euo pipefail

TOOLS_DIR="${TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools}"
ETCD_VERSION=v3.6.8
KUBE_VERSION=v1.34.4
# The staging modules (k8s.io/api, apiserver, …) carry the v0. twin of the
# release: v1.34.4 -> v0.34.4.
STAGING_VERSION="v0.${KUBE_VERSION#v1.}"
GO_VERSION_DIRECTIVE=1.24.0
CRICTL_VERSION=v1.34.0
COREDNS_VERSION=v1.14.7

mkdir -p "$TOOLS_DIR/bin"
# A build stopped part way (make test stops its background build when a step
# fails) leaves no half-made folder behind.
in_progress=()
trap 'rm -rf "${in_progress[@]}"' EXIT
trap 'exit 143' TERM INT

# build NAME VERSION BINARIES... : runs the function setup_NAME in a fresh
# module directory, then `go build`s each listed package there into
# $TOOLS_DIR/NAME-VERSION, unless every binary is present already.
build() {
  local name="$1" version="$2"; shift 2
  local dir="$TOOLS_DIR/$name-$version" bin missing=0
  for bin in "$@"; do [ -x "$dir/${bin##*/}" ] || missing=1; done
  if [ "$missing" = 1 ]; then
    echo "kube-tools: building $name $version (once, into $dir)" >&2
    local work tmp="$dir.tmp.$$"
    work="$(mktemp -d)"
    rm -rf "$tmp"; mkdir -p "$tmp"
    in_progress=("$tmp" "$work")
    (
      cd "$work"
      "setup_$name" || exit 1
      for bin in "$@"; do
        local t0=$SECONDS
        GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags "${LDFLAGS:-} -s -w" -o "$tmp/${bin##*/}" "$bin" || exit 1
        echo "kube-tools: built ${bin##*/} in $((SECONDS - t0)) s" >&2
      done
    )
    rm -rf "$work" "$dir"; mv "$tmp" "$dir"
    in_progress=()
  fi
  for bin in "$@"; do ln -sfn "$dir/${bin##*/}" "$TOOLS_DIR/bin/${bin##*/}"; done
}

setup_etcd() {
  cat >go.mod <<EOF
module trenchless.tools/etcd

go $GO_VERSION_DIRECTIVE

require go.etcd.io/etcd/server/v3 $ETCD_VERSION
EOF
  mkdir -p etcd
  cat >etcd/main.go <<'EOF'
// Command etcd is etcd's own server main, pinned through this module.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() { etcdmain.Main(os.Args) }
EOF
  GOFLAGS=-mod=mod go mod tidy >/dev/null
}

setup_kube() {
  local gomodcache replaces
  GOFLAGS=-mod=mod go mod download "k8s.io/kubernetes@$KUBE_VERSION"
  gomodcache="$(go env GOMODCACHE)"
  # k8s.io/kubernetes replaces its staging modules with ./staging paths that
  # do not exist in the module zip: point each at its published version.
  replaces="$(sed -n '/^replace (/,/^)/p' "$gomodcache/k8s.io/kubernetes@$KUBE_VERSION/go.mod" |
    grep '=>' | awk -v v="$STAGING_VERSION" '{print "\t"$1" => "$1" "v}')"
  cat >go.mod <<EOF
module trenchless.tools/kube

go $GO_VERSION_DIRECTIVE

godebug default=go1.24

require (
	k8s.io/kubernetes $KUBE_VERSION
	k8s.io/kubectl $STAGING_VERSION
)

replace (
$replaces
)
EOF
  cat >tools.go <<'EOF'
//go:build tools

// Package tools pins the control-plane commands this module builds.
package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-proxy"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubelet"
)
EOF
  mkdir -p kubectl
  cat >kubectl/main.go <<'EOF'
// Command kubectl is kubectl of the same minor version as the API server.
package main

import (
	"os"

	"k8s.io/component-base/cli"
	"k8s.io/kubectl/pkg/cmd"
)

func main() { os.Exit(cli.Run(cmd.NewDefaultKubectlCommand())) }
EOF
  GOFLAGS=-mod=mod go mod tidy >/dev/null
}

# The node's commands come from the same wrapper module as the control plane.
setup_kubenode() { setup_kube; }

# setup_gomain MODULE VERSION PACKAGE: a wrapper module requiring MODULE at
# VERSION, whose main PACKAGE is then built by its import path.
setup_gomain() {
  cat >go.mod <<EOF
module trenchless.tools/wrapper

go $GO_VERSION_DIRECTIVE

require $1 $2
EOF
  printf '//go:build tools\n\npackage tools\n\nimport _ "%s"\n' "$3" >tools.go
  GOFLAGS=-mod=mod go mod tidy >/dev/null
}
setup_crictl() { setup_gomain sigs.k8s.io/cri-tools "$CRICTL_VERSION" sigs.k8s.io/cri-tools/cmd/crictl; }
setup_coredns() { setup_gomain github.com/coredns/coredns "$COREDNS_VERSION" github.com/coredns/coredns; }

build etcd "$ETCD_VERSION" ./etcd

# Without the version stamps kubectl and Helm cannot parse the server version.
minor="${KUBE_VERSION#v1.}"; minor="${minor%%.*}"
LDFLAGS=""
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  LDFLAGS+=" -X $pkg.gitVersion=$KUBE_VERSION -X $pkg.gitMajor=1 -X $pkg.gitMinor=$minor"
  LDFLAGS+=" -X $pkg.gitTreeState=clean -X $pkg.buildDate=1970-01-01T00:00:00Z"
done
LDFLAGS="$LDFLAGS" build kube "$KUBE_VERSION" \
  k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager ./kubectl

if [ "${1:-}" = node ]; then
  LDFLAGS="$LDFLAGS" build kubenode "$KUBE_VERSION" \
    k8s.io/kubernetes/cmd/kubelet k8s.io/kubernetes/cmd/kube-scheduler k8s.io/kubernetes/cmd/kube-proxy
  LDFLAGS="-X sigs.k8s.io/cri-tools/pkg/version.Version=${CRICTL_VERSION#v}" \
    build crictl "$CRICTL_VERSION" sigs.k8s.io/cri-tools/cmd/crictl
  LDFLAGS="" build coredns "$COREDNS_VERSION" github.com/coredns/coredns
fi
