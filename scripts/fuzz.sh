#!/usr/bin/env bash
# make fuzz: runs every Go native fuzz target for FUZZTIME (default 1m) each,
# one after another (the machine has two cores; each target uses both), and
# prints the executions and the corpus size of each. A failure stops the run
# with the failing input written to the package's testdata/fuzz, where
# `make test` (plain `go test`) replays it from then on, as it replays the
# committed corpora. FUZZ_SAVE=1 also copies what the fuzzer found
# interesting (kept in Go's cache) into testdata/fuzz, to commit.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZTIME=${FUZZTIME:-1m}
# -fuzzminimizetime bounds shrinking each new input (default 60 s, during
# which no new executions are counted).
MINIMIZE=${FUZZMINIMIZETIME:-10s}
# FUZZ_PARALLEL caps the fuzzing workers (default: one per core).
PARALLEL=()
[ -n "${FUZZ_PARALLEL:-}" ] && PARALLEL=(-parallel "$FUZZ_PARALLEL")
TARGETS=(
  "./services/contact/internal/contactgrpc FuzzContactRequest"
  "./services/contact/internal/contactgrpc FuzzIntakeStoresTheLead"
  "./services/content/internal/contentgrpc FuzzPostSave"
  "./services/media/internal/media FuzzDecode"
  "./services/content/internal/content FuzzSanitize"
  "./services/content/internal/render FuzzRender"
  "./services/gateway/internal/signin FuzzSessionCookie"
  "./services/gateway/internal/fastlane FuzzParse"
)
if [ -n "${FUZZ_TARGETS:-}" ]; then
  mapfile -t TARGETS < <(printf '%s\n' "${TARGETS[@]}" | grep -E "$FUZZ_TARGETS")
fi

module=$(go list -m)
cache=$(go env GOCACHE)/fuzz
summary=()
for t in "${TARGETS[@]}"; do
  read -r pkg name <<<"$t"
  echo "fuzz: $name in $pkg for $FUZZTIME" >&2
  log=$(mktemp)
  if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" -fuzzminimizetime "$MINIMIZE" "${PARALLEL[@]}" "$pkg" 2>&1 | tee "$log" >&2; then
    echo "fuzz: $name FAILED; the failing input is in ${pkg#./}/testdata/fuzz/$name" >&2
    rm -f "$log"
    exit 1
  fi
  last=$(grep -E '^fuzz: elapsed: .*execs: [0-9]+' "$log" | tail -n 1 || true)
  rm -f "$log"
  execs=$(sed -E 's/.*execs: ([0-9]+).*/\1/' <<<"$last")
  corpus=$(sed -E 's/.*\(total: ([0-9]+)\).*/\1/' <<<"$last")
  summary+=("$(printf '%-20s %-40s %12s execs  corpus %s' "$name" "${pkg#./}" "${execs:-?}" "${corpus:-?}")")
  if [ "${FUZZ_SAVE:-}" = 1 ]; then
    src="$cache/$module/${pkg#./}/$name"
    dst="${pkg#./}/testdata/fuzz/$name"
    mkdir -p "$dst"
    # The corpus is committed: the 150 smallest inputs of what was found.
    if [ -d "$src" ]; then
      # (Read whole, not through head: under pipefail head's early exit
      # would fail the run with SIGPIPE.)
      mapfile -t found < <(find "$src" -type f -printf '%s %p\n' | sort -n | cut -d' ' -f2-)
      [ ${#found[@]} -gt 0 ] && cp -n -t "$dst" "${found[@]:0:${FUZZ_SAVE_MAX:-150}}"
    fi
  fi
done
echo "fuzz: every target ran $FUZZTIME without a failure" >&2
printf '%s\n' "${summary[@]}"
