# shellcheck shell=bash
# ready_message EMAIL PASSWORD [TRACING] prints what make run says once the
# stack is up. The password stands alone at the end of its line, so nothing
# printed next to it reads as part of it (issue 28: a trailing comma did).
# TRACING=1 adds where the traces are and how to follow one lead.
ready_message() {
  local traces=""
  if [ "${3:-}" = 1 ]; then
    traces="
  Traces (Jaeger):     http://127.0.0.1:16686/api/traces?service=gateway   (every span, kept in memory)
    follow one lead:   go run ./scripts/trace -latest        (or -lead <lead id>, -trace <a log line's trace_id>)"
  fi
  cat <<MSG

  The site is running: http://127.0.0.1:8080
  API example:         curl -s 'http://127.0.0.1:8080/api/blog-posts?limit=3'
  Staff sign-in:       http://127.0.0.1:8080/auth
    e-mail:            $1
    password:          $2
                       Or "Sign in with Google": a local development provider signs in $1.
  Mail:                .run/mail/   (each e-mail as a file: new leads to the office, password-reset links)
  Logs:                .run/logs/$traces
  Ctrl-C stops everything this command started.

MSG
}
