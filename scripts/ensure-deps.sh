#!/usr/bin/env bash
# Makes sure what the stack and its tests need is installed and running.
# Usage: scripts/ensure-deps.sh [part...]   (no parts: all of them, as CI wants)
#   postgres   PostgreSQL on 127.0.0.1:5432 (reused, started, or installed
#              from Debian packages)
#   nats       NATS with JetStream on 127.0.0.1:4222 (reused, or started)
#   node       Node.js and npm (the web build)
#   minio      the MinIO server in the tool cache (scripts/tools.sh minio)
#   chromium   Debian's Chromium (browser tests, make web-e2e)
#   java       a Java runtime (the HTML checker, make web-validate)
#   haproxy    Debian's HAProxy (go test's and make faults' load balancer)
#   pgbackrest Debian's pgBackRest (make restore-drill's backups and WAL
#              archive)
#   patroni    Debian's Patroni and etcd (make faults' and go test's
#              three-node Postgres with automatic failover)
#   k8s-node   containerd, runc, CNI plugins, iptables, nftables
#              (make cluster-test's node)
#   tools      every default pinned tool (scripts/tools.sh: buf, the protoc
#              plugins, MinIO, Helm)
# and two sets:
#   run        postgres nats node minio: what `make run` needs, nothing more
#   all        every part above (the default)
# Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "ensure-deps: $*" >&2; }
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then $SUDO apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

ALL=(postgres nats node minio chromium java haproxy pgbackrest patroni k8s-node tools)
parts=()
[ $# -eq 0 ] && set -- all
for p in "$@"; do
  case $p in
    all) parts+=("${ALL[@]}") ;;
    run) parts+=(postgres nats node minio) ;;
    postgres|nats|node|minio|chromium|java|haproxy|pgbackrest|patroni|k8s-node|tools) parts+=("$p") ;;
    *) log "unknown part '$p' (parts: ${ALL[*]}; sets: run, all)"; exit 2 ;;
  esac
done
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

# --- Postgres --------------------------------------------------------------
if want postgres; then
  if ! command -v pg_isready >/dev/null; then
    log "installing PostgreSQL from Debian packages"
    apt_install postgresql
  fi
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    if [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
      apt_install postgresql
    fi
    ver=$(ls /etc/postgresql | sort -V | tail -1)
    hba="/etc/postgresql/$ver/main/pg_hba.conf"
    # A development machine: trust loopback connections, as the tests expect.
    if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
      $SUDO sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    fi
    log "starting PostgreSQL $ver"
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    pg_isready -h 127.0.0.1 -p 5432 >/dev/null || { log "PostgreSQL did not start"; exit 1; }
  fi
fi

# --- NATS with JetStream --------------------------------------------------
if want nats && ! port_open 4222; then
  bin=$(command -v nats-server || true)
  if [ -z "$bin" ]; then
    scripts/tools.sh nats-server
    bin="${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools/bin/nats-server"
  fi
  data="${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/nats"
  mkdir -p "$data"
  log "starting NATS with JetStream ($bin)"
  nohup "$bin" -a 127.0.0.1 -p 4222 -js -sd "$data" >"$data/nats.log" 2>&1 &
  for _ in $(seq 1 50); do port_open 4222 && break; sleep 0.2; done
  port_open 4222 || { log "NATS did not start; see $data/nats.log"; exit 1; }
fi

# --- Node and npm ----------------------------------------------------------
if want node && ! command -v npm >/dev/null; then
  log "installing Node.js and npm from Debian packages"
  apt_install nodejs npm
fi

# --- Chromium for the browser tests (driven by playwright-core) -----------
# The web build does not need it: its prerender step is React's
# renderToString in Node (web/scripts/prerender.mjs).
if want chromium && [ ! -x /usr/bin/chromium ]; then
  log "installing Chromium from Debian packages"
  apt_install chromium
fi

# --- Java for the HTML checker (npm vnu-jar, make web-validate) ----------
if want java && ! command -v java >/dev/null; then
  log "installing a Java runtime from Debian packages"
  apt_install default-jre-headless
fi

# --- HAProxy: the HTTP load balancer in front of the gateways in make faults
# and internal/testkit/scratch's test (internal/testkit/scratch/httplb.go); only the binary
# is used, never the service -------------------------------------------------
if want haproxy && ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then
  log "installing HAProxy from Debian packages"
  apt_install haproxy
  command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || { log "HAProxy did not install (make faults needs it)"; exit 1; }
fi

# --- pgBackRest: base backups and the WAL archive to S3 in make restore-drill
# (docs/operations.md "Backing up and restoring"); only the binary is used ----
if want pgbackrest && ! command -v pgbackrest >/dev/null; then
  log "installing pgBackRest from Debian packages"
  apt_install pgbackrest
  command -v pgbackrest >/dev/null || { log "pgBackRest did not install (make restore-drill needs it)"; exit 1; }
fi

# --- Patroni and etcd: the three-node Postgres with automatic failover of make
# faults' Postgres drills and internal/testkit/scratch's test (internal/testkit/scratch/
# patroni.go runs Patroni as /usr/bin/python3 with the patroni package, and
# etcd); only the programs are used: an etcd service the package started is
# stopped ------------------------------------------------------------------------
if want patroni; then
  if ! /usr/bin/python3 -c 'import patroni.__main__' 2>/dev/null || ! command -v etcd >/dev/null; then
    log "installing Patroni and etcd from Debian packages"
    apt_install patroni etcd-server
    if command -v systemctl >/dev/null && systemctl is-active --quiet etcd 2>/dev/null; then
      $SUDO systemctl disable --now etcd >/dev/null 2>&1 || true
    fi
  fi
  /usr/bin/python3 -c 'import patroni.__main__' 2>/dev/null && command -v etcd >/dev/null ||
    { log "Patroni or etcd did not install (make faults needs them)"; exit 1; }
fi

# --- A Kubernetes node ----------------------------------------------------
# A Kubernetes node for make cluster-test: Debian's container runtime, CNI
# plugins and the packet filters kube-proxy drives.
if want k8s-node; then
  node_pkgs=()
  command -v containerd >/dev/null || node_pkgs+=(containerd)
  command -v runc >/dev/null || node_pkgs+=(runc)
  [ -x /usr/lib/cni/bridge ] || node_pkgs+=(containernetworking-plugins)
  command -v iptables >/dev/null || [ -x /usr/sbin/iptables ] || node_pkgs+=(iptables)
  command -v nft >/dev/null || [ -x /usr/sbin/nft ] || node_pkgs+=(nftables)
  if [ ${#node_pkgs[@]} -gt 0 ]; then
    log "installing ${node_pkgs[*]} from Debian packages (make cluster-test's node)"
    apt_install "${node_pkgs[@]}"
  fi
fi

# --- Pinned tools in the cache (scripts/tools.sh) ---------------------------
if want tools; then
  scripts/tools.sh
elif want minio; then
  scripts/tools.sh minio
fi
