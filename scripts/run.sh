#!/usr/bin/env bash
# make run: bring the whole stack up on this machine with real components,
# wait until it is ready, print the URL, and stop what it started on Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/run-message.sh
source scripts/run-message.sh
ROOT=$(pwd)

log() { echo "run: $*" >&2; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Only what running needs: Postgres, NATS, Node/npm and (below) MinIO. The
# tools for code generation, tests and deployment (buf, protoc plugins, Helm,
# Chromium, Java, HAProxy, a Kubernetes node) come with the targets that use
# them (scripts/ensure-deps.sh with no arguments installs everything).
scripts/ensure-deps.sh postgres nats node
TOOLS_BIN="${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools/bin"
RUN_DIR="$ROOT/.run"; DATA_DIR="$ROOT/.data"
mkdir -p "$RUN_DIR/logs" "$DATA_DIR/minio"

PIDS=()
MINIO_BUILD=""
JAEGER_BUILD=""
# TRACING=1 (make run TRACING=1) also starts a trace backend, Jaeger v2 with
# deploy/jaeger/config.yaml, and every binary exports its spans to it.
TRACING="${TRACING:-}"
case $TRACING in ""|0|1) ;; *) log "TRACING is 1 (start Jaeger and export every span to it) or unset, not '$TRACING'"; exit 2 ;; esac
cleanup() {
  trap - INT TERM EXIT
  for build in "$MINIO_BUILD" "$JAEGER_BUILD"; do
    [ -n "$build" ] || continue
    kill -TERM -- "-$build" 2>/dev/null || true
    wait "$build" 2>/dev/null || true
  done
  if [ ${#PIDS[@]} -gt 0 ]; then
    log "stopping ${#PIDS[@]} processes"
    kill -TERM "${PIDS[@]}" 2>/dev/null || true
    wait "${PIDS[@]}" 2>/dev/null || true
  fi
}
trap cleanup INT TERM EXIT

# --- Database ---------------------------------------------------------------
if ! psql -h 127.0.0.1 -U postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = 'trenchless'" | grep -q 1; then
  log "creating database trenchless"
  psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE trenchless"
fi

# --- Build --------------------------------------------------------------------
# The first time, building MinIO (scripts/tools.sh, into the tool cache) is
# the longest step; it runs while the web app and the services build.
# (Instant when the cache has it; its own session, so that cleanup can stop
# go and its compilers as one process group.)
if ! port_open 9000; then
  [ -x "$TOOLS_BIN/minio" ] ||
    log "building MinIO into the tool cache in the background (once; log in .run/logs/minio-build.log)"
  setsid scripts/tools.sh minio >"$RUN_DIR/logs/minio-build.log" 2>&1 &
  MINIO_BUILD=$!
fi
if [ "$TRACING" = 1 ] && ! port_open 4317; then
  [ -x "$TOOLS_BIN/jaeger" ] ||
    log "building Jaeger into the tool cache in the background (once, some minutes; log in .run/logs/jaeger-build.log)"
  setsid scripts/tools.sh jaeger >"$RUN_DIR/logs/jaeger-build.log" 2>&1 &
  JAEGER_BUILD=$!
fi
make web-deps
log "building the web app (skipped when web/dist is newer than its sources)"
make web-build >"$RUN_DIR/logs/web-build.log" 2>&1 || { cat "$RUN_DIR/logs/web-build.log" >&2; exit 1; }
log "building the services"
make build >"$RUN_DIR/logs/build.log" 2>&1 || { cat "$RUN_DIR/logs/build.log" >&2; exit 1; }
if [ -n "$MINIO_BUILD" ]; then
  if kill -0 "$MINIO_BUILD" 2>/dev/null; then log "waiting for the MinIO build"; fi
  if ! wait "$MINIO_BUILD"; then
    MINIO_BUILD=""; log "building MinIO failed:"; tail -n 30 "$RUN_DIR/logs/minio-build.log" >&2; exit 1
  fi
  MINIO_BUILD=""
fi

# --- MinIO ------------------------------------------------------------------
export MINIO_ROOT_USER=trenchless MINIO_ROOT_PASSWORD=trenchless-dev-secret
if ! port_open 9000; then
  log "starting MinIO (data in .data/minio)"
  MINIO_BROWSER=off "$TOOLS_BIN/minio" server "$DATA_DIR/minio" --address 127.0.0.1:9000 --console-address 127.0.0.1:9001 --quiet \
    >"$RUN_DIR/logs/minio.log" 2>&1 &
  PIDS+=($!)
fi

# --- Trace backend (TRACING=1) -------------------------------------------------
if [ "$TRACING" = 1 ]; then
  if [ -n "$JAEGER_BUILD" ]; then
    if kill -0 "$JAEGER_BUILD" 2>/dev/null; then log "waiting for the Jaeger build"; fi
    if ! wait "$JAEGER_BUILD"; then
      JAEGER_BUILD=""; log "building Jaeger failed:"; tail -n 30 "$RUN_DIR/logs/jaeger-build.log" >&2; exit 1
    fi
    JAEGER_BUILD=""
  fi
  if ! port_open 4317; then
    log "starting Jaeger (OTLP on 127.0.0.1:4317, query on http://127.0.0.1:16686; traces kept in memory)"
    JAEGER_OTLP_ADDR=127.0.0.1:4317 JAEGER_QUERY_ADDR=127.0.0.1:16686 JAEGER_QUERY_GRPC_ADDR=127.0.0.1:16685 \
      JAEGER_HEALTH_ADDR=127.0.0.1:13133 JAEGER_LOG_LEVEL=info \
      "$TOOLS_BIN/jaeger" --config "$ROOT/deploy/jaeger/config.yaml" >"$RUN_DIR/logs/jaeger.log" 2>&1 &
    PIDS+=($!)
    for _ in $(seq 1 60); do curl -fsS -o /dev/null http://127.0.0.1:13133/status 2>/dev/null && break; sleep 0.5; done
  fi
  export CONTENT_OTLP_ENDPOINT=127.0.0.1:4317 CONTACT_OTLP_ENDPOINT=127.0.0.1:4317 MEDIA_OTLP_ENDPOINT=127.0.0.1:4317 \
    GATEWAY_OTLP_ENDPOINT=127.0.0.1:4317 NOTIFIER_OTLP_ENDPOINT=127.0.0.1:4317
fi

# --- Development staff account (created once; password kept in .data/) -------
STAFF_EMAIL="dev@valleytrenchless.example"
STAFF_PASSWORD_FILE="$DATA_DIR/dev-staff-password"
if [ ! -s "$STAFF_PASSWORD_FILE" ]; then
  head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$STAFF_PASSWORD_FILE"
  chmod 600 "$STAFF_PASSWORD_FILE"
fi
"$ROOT/bin/gateway" users create --email "$STAFF_EMAIL" --password-stdin --if-missing <"$STAFF_PASSWORD_FILE" >"$RUN_DIR/logs/users.log" 2>&1 ||
  { cat "$RUN_DIR/logs/users.log" >&2; exit 1; }

# --- Development Google sign-in ---------------------------------------------------
# A local OpenID Connect provider (scripts/oidcdev) stands in for Google, so
# "Sign in with Google" on /auth works on this machine: it signs in the
# development staff account at once. Setting GATEWAY_OIDC_ISSUER (real Google)
# leaves it out.
if [ -z "${GATEWAY_OIDC_ISSUER:-}" ]; then
  if port_open 9096; then
    log "port 9096 is already in use; stop whatever runs there (a previous 'make run'?) and try again"
    exit 1
  fi
  "$ROOT/bin/oidcdev" -addr 127.0.0.1:9096 -email "$STAFF_EMAIL" >"$RUN_DIR/logs/oidcdev.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 40); do
    curl -fsS -o /dev/null http://127.0.0.1:9096/.well-known/openid-configuration 2>/dev/null && break
    sleep 0.25
  done
  export GATEWAY_OIDC_ISSUER=http://127.0.0.1:9096 GATEWAY_OIDC_CLIENT_ID=trenchless-web GATEWAY_OIDC_CLIENT_SECRET=dev-oidc-secret
fi

# --- Mail ----------------------------------------------------------------------
# Mail stays on this machine: a sink (scripts/mailsink) keeps each message the
# gateway (password-reset links) and the notifier (new leads) send as a file in
# .run/mail/. Setting GATEWAY_SMTP_HOST or NOTIFIER_SMTP_HOST sends that
# binary's mail to a real server instead.
if [ -z "${GATEWAY_SMTP_HOST:-}" ] || [ -z "${NOTIFIER_SMTP_HOST:-}" ]; then
  if port_open 2525; then
    log "port 2525 is already in use; stop whatever runs there (a previous 'make run'?) and try again"
    exit 1
  fi
  "$ROOT/bin/mailsink" -addr 127.0.0.1:2525 -dir "$RUN_DIR/mail" >"$RUN_DIR/logs/mailsink.log" 2>&1 &
  PIDS+=($!)
  if [ -z "${GATEWAY_SMTP_HOST:-}" ]; then export GATEWAY_SMTP_HOST=127.0.0.1 GATEWAY_SMTP_PORT=2525; fi
  if [ -z "${NOTIFIER_SMTP_HOST:-}" ]; then export NOTIFIER_SMTP_HOST=127.0.0.1 NOTIFIER_SMTP_PORT=2525; fi
fi

# Passkeys need a name, not an IP address: open http://localhost:8080 to use them.
export GATEWAY_PASSKEY_ORIGIN="${GATEWAY_PASSKEY_ORIGIN:-http://localhost:8080}"

# --- Services -------------------------------------------------------------------
for svc in content contact media gateway; do
  port=$(case $svc in content) echo 9101;; contact) echo 9102;; media) echo 9103;; gateway) echo 8080;; esac)
  if port_open "$port"; then
    log "port $port is already in use; stop whatever runs there (a previous 'make run'?) and try again"
    exit 1
  fi
  "$ROOT/bin/$svc" >"$RUN_DIR/logs/$svc.log" 2>&1 &
  PIDS+=($!)
done
# The reference LEADS consumer: it mails each new lead to the office (here, to .run/mail/).
"$ROOT/bin/notifier" >"$RUN_DIR/logs/notifier.log" 2>&1 &
PIDS+=($!)

# --- Wait until ready --------------------------------------------------------
for _ in $(seq 1 120); do
  if curl -fsS -o /dev/null http://127.0.0.1:8080/readyz 2>/dev/null; then break; fi
  for pid in "${PIDS[@]}"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      log "a process exited during start-up; logs are in .run/logs/"; tail -n 20 "$RUN_DIR"/logs/*.log >&2; exit 1
    fi
  done
  sleep 0.5
done
if ! curl -fsS -o /dev/null http://127.0.0.1:8080/readyz; then
  log "the stack did not become ready in 60 s:"; curl -sS http://127.0.0.1:9200/readyz >&2 || true; exit 1
fi

ready_message "$STAFF_EMAIL" "$(cat "$STAFF_PASSWORD_FILE")" "$TRACING"
wait -n "${PIDS[@]}" || true
log "a process exited; stopping the rest (see .run/logs/)"
