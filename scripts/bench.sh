#!/usr/bin/env bash
# make bench: installs what the benchmark needs and is missing — Debian's
# nginx with its brotli_static module and wrk, fortio, vegeta and ghz built
# once into the tool cache — then runs scripts/bench (arguments pass on).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-core)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
command -v wrk >/dev/null || missing+=(wrk)
command -v taskset >/dev/null || missing+=(util-linux)
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench: installing ${missing[*]} from Debian's packages" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 || {
    $sudo apt-get update -q >&2
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
  }
fi
scripts/tools.sh fortio vegeta ghz
TOOLS_DIR="${TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools}"
export PATH="$TOOLS_DIR/bin:$PATH"
exec go run ./scripts/bench "$@"
