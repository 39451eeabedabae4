#!/usr/bin/env bash
# Lighthouse (mobile) against a running site, e.g. after `make run`:
#   [RUNS=3] scripts/lighthouse.sh [base-url] [path...]
# Installs the pinned lighthouse once into the tool cache and drives Debian
# Chromium; prints each run's category scores, LCP, TBT and CLS, and with
# RUNS > 1 each page's median performance and its lowest other scores.
# A run Chromium fails to trace (NO_NAVSTART, it happens) is tried again.
set -euo pipefail
BASE="${1:-http://127.0.0.1:8080}"; shift || true
PATHS=("$@"); [ ${#PATHS[@]} -eq 0 ] && PATHS=(/ /contact)
RUNS="${RUNS:-1}"
DIR="${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools/lighthouse-12.8.2"
if [ ! -x "$DIR/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$DIR" && (cd "$DIR" && npm install --no-audit --no-fund --silent lighthouse@12.8.2 >/dev/null)
fi
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
for p in "${PATHS[@]}"; do
  reports=()
  for ((i = 1; i <= RUNS; i++)); do
    f="$OUT/report-$i.json"
    for attempt in 1 2 3; do
      if CHROME_PATH=/usr/bin/chromium "$DIR/node_modules/.bin/lighthouse" "$BASE$p" --quiet --form-factor=mobile \
        --chrome-flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
        --output=json --output-path="$f" >/dev/null 2>"$OUT/err"; then break; fi
      [ "$attempt" = 3 ] && { cat "$OUT/err" >&2; exit 1; }
    done
    reports+=("$f")
    node -e "const r=require('$f');const c=r.categories;console.log('$p', Object.keys(c).map(k=>k+'='+Math.round(c[k].score*100)).join(' '), 'LCP='+r.audits['largest-contentful-paint'].displayValue, 'TBT='+r.audits['total-blocking-time'].displayValue, 'CLS='+r.audits['cumulative-layout-shift'].displayValue)"
  done
  if [ "$RUNS" -gt 1 ]; then
    node -e "
      const rs = process.argv.slice(1).map((f) => require(f));
      const score = (r, k) => Math.round(r.categories[k].score * 100);
      const perf = rs.map((r) => score(r, 'performance')).sort((a, b) => a - b);
      const low = (k) => Math.min(...rs.map((r) => score(r, k)));
      const cls = Math.max(...rs.map((r) => r.audits['cumulative-layout-shift'].numericValue));
      console.log('$p median', 'performance=' + perf[perf.length >> 1], 'accessibility=' + low('accessibility'),
        'best-practices=' + low('best-practices'), 'seo=' + low('seo'), 'CLS(max)=' + cls.toFixed(3));
    " "${reports[@]}"
  fi
done
