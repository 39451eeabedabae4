#!/usr/bin/env bash
# make test: runs the suite's steps in order, each a make target, and prints
# how long each took. The Kubernetes control plane that only the chart's test
# (a late step) needs is built meanwhile in the background at the lowest CPU
# priority, so on an empty machine it takes the cycles the earlier steps
# leave idle (tests waiting on failovers, browsers, disks) instead of
# adding its 15 minutes after them; on a warm machine it is a no-op.
# Usage: scripts/test.sh STEP...   (the Makefile's test target names them)
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "make test: $*" >&2; }

mkdir -p .run/logs
bg_log=.run/logs/kube-tools-build.log
# Its own process group, so a failed run stops the whole build with it.
setsid nice -n 19 scripts/kube-tools.sh >"$bg_log" 2>&1 &
bg=$!
bg_waited=""
trap 'kill -- -"$bg" 2>/dev/null || true' EXIT

timings=()
summary() {
  local row
  log "steps (seconds):"
  for row in "${timings[@]}"; do echo "  $row" >&2; done
  log "$((SECONDS - start)) s in all"
}
start=$SECONDS
for step in "$@"; do
  if [ "$step" = chart-test ] && [ -z "$bg_waited" ]; then
    t0=$SECONDS
    if ! wait "$bg"; then
      log "building the control plane failed:"; tail -n 40 "$bg_log" >&2
      timings+=("$(printf '%-16s failed' chart-tools)"); summary; exit 1
    fi
    bg_waited=1
    if [ -s "$bg_log" ]; then
      timings+=("$(printf '%-16s %5d (built in the background meanwhile; the wait for it here; log: %s)' \
        chart-tools $((SECONDS - t0)) "$bg_log")")
    fi
  fi
  t0=$SECONDS
  if ! make --no-print-directory "$step"; then
    timings+=("$(printf '%-16s failed after %d' "$step" $((SECONDS - t0)))"); summary; exit 1
  fi
  timings+=("$(printf '%-16s %5d' "$step" $((SECONDS - t0)))")
done
summary
