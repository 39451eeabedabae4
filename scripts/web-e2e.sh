#!/usr/bin/env bash
# Browser tests against the real stack: builds the binaries and the web app,
# validates the built HTML, starts every component on its own ports with a
# fresh database, NATS store and MinIO folder, runs the Playwright
# (playwright-core + Debian Chromium) suites in web/e2e, and tears
# everything down.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TOOLS_BIN="${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools/bin"
log() { echo "web-e2e: $*" >&2; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# One run at a time on a machine: the ports, bin/ and web/dist are shared.
exec 9>"${TMPDIR:-/tmp}/trenchless-web-e2e.lock"
flock 9

make tools >/dev/null
make build >/dev/null
make web-build >/dev/null
# Every prerendered page must be valid HTML (W3C Nu HTML Checker); the
# browser tests also check pages as the edge fills them (e2e/html.e2e.ts).
make web-validate

WORK=$(mktemp -d)
DB="e2e_$(date +%s)_$$"
PIDS=()
cleanup() {
  [ ${#PIDS[@]} -gt 0 ] && kill -TERM "${PIDS[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  if [ "${KEEP_LOGS:-}" = "" ]; then rm -rf "$WORK"; else log "logs in $WORK"; fi
}
trap cleanup EXIT INT TERM

psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $DB"
DB_URL="postgres://postgres@127.0.0.1:5432/$DB?sslmode=disable"

# Ports well away from make run's.
NATS_PORT=14222 MINIO_PORT=19000 CONTENT=19101 CONTACT=19102 MEDIA=19103 HTTP=18080 OIDC=19096 SMTP=12525
for p in $NATS_PORT $MINIO_PORT $CONTENT $CONTACT $MEDIA $HTTP $OIDC $SMTP; do
  if port_open "$p"; then log "port $p is busy"; exit 1; fi
done

NATS_BIN=$(command -v nats-server || echo "$TOOLS_BIN/nats-server")
"$NATS_BIN" -a 127.0.0.1 -p $NATS_PORT -js -sd "$WORK/nats" >"$WORK/nats.log" 2>&1 &
PIDS+=($!)
MINIO_ROOT_USER=e2e MINIO_ROOT_PASSWORD=e2e-secret-key MINIO_BROWSER=off \
  "$TOOLS_BIN/minio" server "$WORK/minio" --address 127.0.0.1:$MINIO_PORT --console-address 127.0.0.1:0 --quiet >"$WORK/minio.log" 2>&1 &
PIDS+=($!)

NATS_URL="nats://127.0.0.1:$NATS_PORT"
CONTENT_GRPC_ADDR=127.0.0.1:$CONTENT CONTENT_METRICS_ADDR= CONTENT_DB_URL=$DB_URL CONTENT_NATS_URL=$NATS_URL CONTENT_MEDIA_ADDR=127.0.0.1:$MEDIA \
  bin/content >"$WORK/content.log" 2>&1 &
PIDS+=($!)
# Webhooks may reach the browser tests' own receivers on loopback (e2e/integrations.e2e.ts), polled often.
CONTACT_GRPC_ADDR=127.0.0.1:$CONTACT CONTACT_METRICS_ADDR= CONTACT_DB_URL=$DB_URL CONTACT_NATS_URL=$NATS_URL \
  CONTACT_WEBHOOK_ALLOW_HOSTS=127.0.0.1 CONTACT_WEBHOOK_POLL=200ms \
  bin/contact >"$WORK/contact.log" 2>&1 &
PIDS+=($!)
MEDIA_GRPC_ADDR=127.0.0.1:$MEDIA MEDIA_METRICS_ADDR= MEDIA_DB_URL=$DB_URL MEDIA_S3_ENDPOINT=127.0.0.1:$MINIO_PORT \
  MEDIA_S3_ACCESS_KEY=e2e MEDIA_S3_SECRET_KEY=e2e-secret-key bin/media >"$WORK/media.log" 2>&1 &
PIDS+=($!)
# "Sign in with Google" against the development OIDC provider; the tests
# choose who signs in next with POST $E2E_OIDC_URL/next-user. The gateway
# discovers the provider at start, so it must answer first.
OIDC_URL="http://127.0.0.1:$OIDC" OIDC_CLIENT_ID=trenchless-web OIDC_CLIENT_SECRET=e2e-oidc-secret
bin/oidcdev -addr 127.0.0.1:$OIDC -client-id $OIDC_CLIENT_ID -client-secret $OIDC_CLIENT_SECRET >"$WORK/oidcdev.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 40); do
  curl -fsS -o /dev/null "$OIDC_URL/.well-known/openid-configuration" 2>/dev/null && break
  sleep 0.25
done
if ! curl -fsS -o /dev/null "$OIDC_URL/.well-known/openid-configuration"; then
  log "oidcdev not ready"; tail -n 20 "$WORK/oidcdev.log" >&2; exit 1
fi

# The gateway mails password-reset links to a sink that keeps each message
# as a file (scripts/mailsink); the tests read the links from $MAIL_DIR.
MAIL_DIR="$WORK/mail"
bin/mailsink -addr 127.0.0.1:$SMTP -dir "$MAIL_DIR" >"$WORK/mailsink.log" 2>&1 &
PIDS+=($!)

GATEWAY_HTTP_ADDR=127.0.0.1:$HTTP GATEWAY_METRICS_ADDR= GATEWAY_DB_URL=$DB_URL GATEWAY_NATS_URL=$NATS_URL \
  GATEWAY_PUBLIC_ORIGIN=http://127.0.0.1:$HTTP GATEWAY_CONTENT_ADDR=127.0.0.1:$CONTENT GATEWAY_CONTACT_ADDR=127.0.0.1:$CONTACT \
  GATEWAY_MEDIA_ADDR=127.0.0.1:$MEDIA GATEWAY_TRUSTED_PROXY_HEADER=X-Forwarded-For GATEWAY_WEB_DIR="$ROOT/web/dist" \
  GATEWAY_OIDC_ISSUER=$OIDC_URL GATEWAY_OIDC_CLIENT_ID=$OIDC_CLIENT_ID GATEWAY_OIDC_CLIENT_SECRET=$OIDC_CLIENT_SECRET \
  GATEWAY_PASSKEY_ORIGIN=http://localhost:$HTTP GATEWAY_SMTP_HOST=127.0.0.1 GATEWAY_SMTP_PORT=$SMTP \
  bin/gateway >"$WORK/gateway.log" 2>&1 &
PIDS+=($!)

for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "http://127.0.0.1:$HTTP/readyz" 2>/dev/null && break
  sleep 0.5
done
if ! curl -fsS -o /dev/null "http://127.0.0.1:$HTTP/readyz"; then
  log "stack not ready"; tail -n 20 "$WORK"/*.log >&2; exit 1
fi

STAFF_EMAIL=e2e@valleytrenchless.example STAFF_PASSWORD=e2e-staff-password-1
printf '%s\n' "$STAFF_PASSWORD" | GATEWAY_DB_URL=$DB_URL bin/gateway users create --email $STAFF_EMAIL --password-stdin >/dev/null
# A second staff member, for two people editing the same thing (issue 28).
STAFF2_EMAIL=ben@valleytrenchless.example STAFF2_PASSWORD=e2e-staff-password-2
printf '%s\n' "$STAFF2_PASSWORD" | GATEWAY_DB_URL=$DB_URL bin/gateway users create --email $STAFF2_EMAIL --password-stdin >/dev/null
# One of each other role (issue 39): an editor and a sales person.
EDITOR_EMAIL=eddie@valleytrenchless.example EDITOR_PASSWORD=e2e-editor-password-1
printf '%s\n' "$EDITOR_PASSWORD" | GATEWAY_DB_URL=$DB_URL bin/gateway users create --email $EDITOR_EMAIL --role editor --password-stdin >/dev/null
SALES_EMAIL=sally@valleytrenchless.example SALES_PASSWORD=e2e-sales-password-1
printf '%s\n' "$SALES_PASSWORD" | GATEWAY_DB_URL=$DB_URL bin/gateway users create --email $SALES_EMAIL --role sales --password-stdin >/dev/null
# The company Google account the sign-in tests use: on the staff list, as
# an owner adds one (a Google account nobody invited is refused).
GATEWAY_DB_URL=$DB_URL bin/gateway users create --email ana@valleytrenchless.example --google --role owner >/dev/null
# Sales with a long address: leads are assigned only to staff who work them,
# and the phone layout test assigns one to this address.
GATEWAY_DB_URL=$DB_URL bin/gateway users create --email someone.with.a.rather.long.address@valleytrenchless.example --google --role sales >/dev/null
# An account that forgets its password (e2e/password-reset.e2e.ts).
RESET_EMAIL=rita@valleytrenchless.example RESET_PASSWORD=e2e-reset-password-1
printf '%s\n' "$RESET_PASSWORD" | GATEWAY_DB_URL=$DB_URL bin/gateway users create --email $RESET_EMAIL --role editor --password-stdin >/dev/null
# A signed-in user without staff rights, for the admin guard's third case.
VISITOR_EMAIL=visitor@example.com VISITOR_PASSWORD=e2e-visitor-password-1
printf '%s\n' "$VISITOR_PASSWORD" | GATEWAY_DB_URL=$DB_URL bin/gateway users create --email $VISITOR_EMAIL --staff=false --password-stdin >/dev/null

log "stack ready on http://127.0.0.1:$HTTP; running browser tests"
cd web
E2E_BASE_URL="http://127.0.0.1:$HTTP" E2E_OIDC_URL=$OIDC_URL E2E_STAFF_EMAIL=$STAFF_EMAIL E2E_STAFF_PASSWORD=$STAFF_PASSWORD \
  E2E_STAFF2_EMAIL=$STAFF2_EMAIL E2E_STAFF2_PASSWORD=$STAFF2_PASSWORD \
  E2E_EDITOR_EMAIL=$EDITOR_EMAIL E2E_EDITOR_PASSWORD=$EDITOR_PASSWORD E2E_SALES_EMAIL=$SALES_EMAIL E2E_SALES_PASSWORD=$SALES_PASSWORD \
  E2E_VISITOR_EMAIL=$VISITOR_EMAIL E2E_VISITOR_PASSWORD=$VISITOR_PASSWORD E2E_DB_URL=$DB_URL \
  E2E_RESET_EMAIL=$RESET_EMAIL E2E_RESET_PASSWORD=$RESET_PASSWORD E2E_MAIL_DIR="$MAIL_DIR" \
  npx vitest run --config vitest.e2e.config.ts "$@"

# The script budget (issue 14), counted in Chromium against this stack: on
# the whole run only (a run of chosen test files skips it).
if [ $# -eq 0 ] || [ "${BUDGET:-}" = 1 ]; then
  node scripts/budget.mjs --base "http://127.0.0.1:$HTTP" --limit "${BUDGET_KB:-100}"
fi
