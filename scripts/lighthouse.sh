#!/usr/bin/env bash
# Lighthouse (mobile) against a running site, e.g. after `make run`:
#   scripts/lighthouse.sh [base-url] [path...]
# Installs the pinned lighthouse once into the tool cache and drives Debian
# Chromium; prints each page's category scores, LCP, TBT and CLS.
set -euo pipefail
BASE="${1:-http://127.0.0.1:8080}"; shift || true
PATHS=("$@"); [ ${#PATHS[@]} -eq 0 ] && PATHS=(/ /contact)
DIR="${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools/lighthouse-12.8.2"
if [ ! -x "$DIR/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$DIR" && (cd "$DIR" && npm install --no-audit --no-fund --silent lighthouse@12.8.2 >/dev/null)
fi
OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
for p in "${PATHS[@]}"; do
  f="$OUT/report.json"
  CHROME_PATH=/usr/bin/chromium "$DIR/node_modules/.bin/lighthouse" "$BASE$p" --quiet --form-factor=mobile \
    --chrome-flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
    --output=json --output-path="$f" >/dev/null
  node -e "const r=require('$f');const c=r.categories;console.log('$p', Object.keys(c).map(k=>k+'='+Math.round(c[k].score*100)).join(' '), 'LCP='+r.audits['largest-contentful-paint'].displayValue, 'TBT='+r.audits['total-blocking-time'].displayValue, 'CLS='+r.audits['cumulative-layout-shift'].displayValue)"
done
