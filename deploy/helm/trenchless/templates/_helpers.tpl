{{/*
Names and labels.
*/}}
{{- define "trenchless.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "trenchless.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "trenchless.labels" -}}
{{ include "trenchless.selectorLabels" . }}
app.kubernetes.io/part-of: {{ .root.Chart.Name }}
app.kubernetes.io/version: {{ .root.Values.image.tag | default .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/*
The workloads and their fixed ports. `service`: reached over a Service (a component with a `metricsPort` gets
one all the same, for Prometheus, with that port alone); `grpc`: probed through gRPC health;
`env`: the binary's configuration prefix; `nats`: connects to NATS; `grpcTLS`: takes part in gRPC between pods
(a server, a client or both); `healthPort`: the plain-text health port probed when its gRPC port is TLS.
*/}}
{{- define "trenchless.components" -}}
gateway:  {env: GATEWAY, port: 8080, portName: http, metricsPort: 9200, grpc: false, service: true, nats: true, grpcTLS: true}
content:  {env: CONTENT, port: 9101, portName: grpc, metricsPort: 9201, healthPort: 9301, grpc: true, service: true, nats: true, grpcTLS: true}
contact:  {env: CONTACT, port: 9102, portName: grpc, metricsPort: 9202, healthPort: 9302, grpc: true, service: true, nats: true, grpcTLS: true}
media:    {env: MEDIA, port: 9103, portName: grpc, metricsPort: 9203, healthPort: 9303, grpc: true, service: true, nats: false, grpcTLS: true}
notifier: {env: NOTIFIER, port: 9104, portName: health, metricsPort: 9204, grpc: true, service: false, nats: true, grpcTLS: false}
{{- end -}}

{{/*
The files a workload reads from Secrets, by volume name: the Secret, where it is mounted (read-only) and the
settings (PREFIX_ added by the ConfigMap) that point the binary at the files. NATS: the CA, one identity (NKey
seed or creds file) and the client certificate; gRPC: the certificate directory, and then the health port the
kubelet probes in plain text.
*/}}
{{- define "trenchless.secretFiles" -}}
{{- $c := index (include "trenchless.components" .root | fromYaml) .name -}}
{{- $v := .root.Values -}}
{{- if $c.nats }}
{{- $u := index $v.nats.users .name }}
{{- if and $u.nkeySeed $u.creds }}
{{- fail (printf "nats.users.%s: set nkeySeed or creds, not both (one identity per component)" .name) }}
{{- end }}
{{- with $v.nats.tls.caSecret }}
nats-ca: {secret: {{ . | quote }}, path: /etc/trenchless/nats-ca, env: {NATS_CA: /etc/trenchless/nats-ca/ca.crt}}
{{- end }}
{{- with $u.nkeySeed }}
nats-nkey: {secret: {{ . | quote }}, path: /etc/trenchless/nats-nkey, env: {NATS_NKEY_SEED: /etc/trenchless/nats-nkey/nkey.seed}}
{{- end }}
{{- with $u.creds }}
nats-creds: {secret: {{ . | quote }}, path: /etc/trenchless/nats-creds, env: {NATS_CREDS: /etc/trenchless/nats-creds/nats.creds}}
{{- end }}
{{- with $u.clientCert }}
nats-client: {secret: {{ . | quote }}, path: /etc/trenchless/nats-client, env: {NATS_CERT: /etc/trenchless/nats-client/tls.crt, NATS_KEY: /etc/trenchless/nats-client/tls.key}}
{{- end }}
{{- end }}
{{- if $c.grpcTLS }}
{{- with index $v.grpcTLS.secrets .name | default $v.grpcTLS.secret }}
grpc-tls:
  secret: {{ . | quote }}
  path: /etc/trenchless/grpc-tls
  env:
    GRPC_TLS_DIR: /etc/trenchless/grpc-tls
    {{- with $c.healthPort }}
    GRPC_HEALTH_ADDR: ":{{ . }}"
    {{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{/* The services whose schema the migration Job migrates (every binary with a database). */}}
{{- define "trenchless.migrated" -}}
[gateway, content, contact, media]
{{- end -}}

{{/* Seconds a pod keeps serving after SIGTERM so endpoints and the ingress stop sending it traffic. */}}
{{- define "trenchless.preStopSeconds" -}}5{{- end -}}

{{/* The grace period: the pre-stop pause, the drain, and a margin to exit. */}}
{{- define "trenchless.gracePeriod" -}}
{{- add (include "trenchless.preStopSeconds" .) .drainSeconds 10 -}}
{{- end -}}

{{/*
Images: <registry>/<name>:<tag>, and @<digest> when one is given (the digest is what runs).
*/}}
{{- define "trenchless.tag" -}}
{{- $c := index .root.Values .name -}}
{{- $tag := $c.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion | toString -}}
{{- if eq $tag "latest" -}}
{{- fail (printf "%s: the image tag \"latest\" is refused; name a version (or pin a digest)" .name) -}}
{{- end -}}
{{- $tag -}}
{{- end -}}

{{- define "trenchless.image" -}}
{{- $c := index .root.Values .name -}}
{{- $ref := printf "%s/%s:%s" .root.Values.image.registry $c.image.name (include "trenchless.tag" .) -}}
{{- if $c.image.digest -}}{{- $ref = printf "%s@%s" $ref $c.image.digest -}}{{- end -}}
{{- $ref -}}
{{- end -}}

{{- define "trenchless.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" (include "trenchless.fullname" .)) -}}
{{- end -}}

{{/* The development key the binaries default to; refused outside development. */}}
{{- define "trenchless.devIdentityKey" -}}development-only-identity-key-do-not-deploy{{- end -}}

{{/*
Refusals that protect production, checked on every render.
*/}}
{{- define "trenchless.validate" -}}
{{- $v := .Values -}}
{{- if not $v.secrets.existingSecret -}}
  {{- $key := $v.secrets.identityKey -}}
  {{- if ne $v.env "development" -}}
    {{- if not $key -}}
      {{- fail (printf "env is %s but no identity key is set: set secrets.identityKey (at least 32 random characters, e.g. `openssl rand -base64 48`) or secrets.existingSecret" $v.env) -}}
    {{- end -}}
    {{- if eq $key (include "trenchless.devIdentityKey" .) -}}
      {{- fail (printf "env is %s but secrets.identityKey is the development key: set a secret key (at least 32 random characters) or secrets.existingSecret" $v.env) -}}
    {{- end -}}
  {{- end -}}
  {{- if and $key (lt (len $key) 32) -}}
    {{- fail "secrets.identityKey must be at least 32 characters" -}}
  {{- end -}}
  {{- if and (ne $v.env "development") (not $v.secrets.ipHashSalt) -}}
    {{- fail (printf "env is %s: set secrets.ipHashSalt (or secrets.existingSecret)" $v.env) -}}
  {{- end -}}
{{- end -}}
{{- range $name := keys (include "trenchless.components" . | fromYaml) -}}
  {{- $_ := include "trenchless.tag" (dict "root" $ "name" $name) -}}
{{- end -}}
{{- end -}}

{{/*
S3 by URL: http(s)://host[:port] becomes the media service's endpoint and TLS switch.
*/}}
{{- define "trenchless.s3" -}}
{{- $u := urlParse .Values.s3.url -}}
{{- if or (not $u.host) (not (has $u.scheme (list "http" "https"))) -}}
{{- fail (printf "s3.url %q must look like https://s3.example.com or http://minio:9000" .Values.s3.url) -}}
{{- end -}}
endpoint: {{ $u.host | quote }}
useSSL: {{ eq $u.scheme "https" | quote }}
{{- end -}}

{{/*
A container security context every pod uses: Pod Security "restricted" and a read-only root.
*/}}
{{- define "trenchless.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end -}}

{{- define "trenchless.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 65532
runAsGroup: 65532
# Mounted Secrets are group-readable only (0440), by this group.
fsGroup: 65532
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* GOMAXPROCS from the container's CPU limit; its memory limit in bytes,
from which each binary sets the Go runtime's soft limit to 80% of it
(boot.ApplyMemoryLimit). */}}
{{- define "trenchless.goRuntimeEnv" -}}
- name: GOMAXPROCS
  valueFrom:
    resourceFieldRef:
      containerName: {{ .name }}
      resource: limits.cpu
      divisor: "1"
- name: CONTAINER_MEMORY_LIMIT
  valueFrom:
    resourceFieldRef:
      containerName: {{ .name }}
      resource: limits.memory
      divisor: "1"
{{- end -}}

{{/* An env var from the release's Secret. */}}
{{- define "trenchless.secretEnv" -}}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ include "trenchless.secretName" .root }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/*
What each workload reads from the Secret: PREFIX_<env> from key. Optional keys may be absent (the binary's
development default applies, which it refuses outside development where that matters).
*/}}
{{- define "trenchless.secretEnvs" -}}
gateway:
  - {env: DB_URL, key: database-url-gateway}
  - {env: IDENTITY_KEY, key: identity-key}
  - {env: OIDC_CLIENT_SECRET, key: oidc-client-secret, optional: true}
  - {env: SMTP_PASSWORD, key: smtp-password, optional: true}
content:
  - {env: DB_URL, key: database-url-content}
  - {env: IDENTITY_KEY, key: identity-key}
contact:
  - {env: DB_URL, key: database-url-contact}
  - {env: IDENTITY_KEY, key: identity-key}
  - {env: IP_HASH_SALT, key: ip-hash-salt, optional: true}
media:
  - {env: DB_URL, key: database-url-media}
  - {env: IDENTITY_KEY, key: identity-key}
  - {env: S3_ACCESS_KEY, key: s3-access-key}
  - {env: S3_SECRET_KEY, key: s3-secret-key}
notifier:
  - {env: SMTP_PASSWORD, key: smtp-password, optional: true}
{{- end -}}

{{/* Env vars from a Secret: .items (from trenchless.secretEnvs), .prefix, .secret. */}}
{{- define "trenchless.secretEnvList" -}}
{{- range .items }}
- name: {{ $.prefix }}_{{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ $.secret }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end -}}

{{/* A component's port by name (.port: port or metricsPort). */}}
{{- define "trenchless.port" -}}
{{- index (index (include "trenchless.components" .root | fromYaml) .name) (.port | default "port") -}}
{{- end -}}

{{/*
The gRPC target of a component's headless Service: gRPC's DNS resolver finds every ready pod behind the name
and the client spreads its calls over them round robin, resolving again as connections age out (ADR 0008). The
short name resolves through the pod's search path and is the name a gRPC TLS certificate must carry.
*/}}
{{- define "trenchless.grpcTarget" -}}
dns:///{{ include "trenchless.fullname" .root }}-{{ .name }}:{{ include "trenchless.port" . }}
{{- end -}}

{{/* Seconds a new pod of a gRPC service stays ready before a rolling update takes an old one away. */}}
{{- define "trenchless.minReadySeconds" -}}10{{- end -}}

{{/*
Each workload's non-secret settings (PREFIX_ is added by the ConfigMap template).
*/}}
{{- define "trenchless.config.common" -}}
ENV: {{ .Values.env | quote }}
{{- with .Values.otel.endpoint }}
OTLP_ENDPOINT: {{ . | quote }}
{{- end }}
{{- end -}}

{{- define "trenchless.config.gateway" -}}
{{- $g := .Values.gateway -}}
{{ include "trenchless.config.common" . }}
HTTP_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "gateway") }}"
METRICS_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "gateway" "port" "metricsPort") }}"
PUBLIC_ORIGIN: {{ $g.publicOrigin | quote }}
TRUSTED_PROXY_HEADER: {{ $g.trustedProxyHeader | quote }}
CONTENT_ADDR: {{ include "trenchless.grpcTarget" (dict "root" . "name" "content") | quote }}
CONTACT_ADDR: {{ include "trenchless.grpcTarget" (dict "root" . "name" "contact") | quote }}
MEDIA_ADDR: {{ include "trenchless.grpcTarget" (dict "root" . "name" "media") | quote }}
NATS_URL: {{ .Values.nats.url | quote }}
SHUTDOWN_TIMEOUT: "{{ $g.drainSeconds }}s"
STAFF_DOMAIN: {{ $g.staffDomain | quote }}
OIDC_ISSUER: {{ $g.oidc.issuer | quote }}
OIDC_CLIENT_ID: {{ $g.oidc.clientId | quote }}
REGISTRATION_OPEN: {{ $g.registrationOpen | quote }}
{{- /* The site's one mail server (notifier.smtp): the gateway mails password-reset links through it. */}}
{{- with .Values.notifier.smtp }}
SMTP_HOST: {{ .host | quote }}
SMTP_PORT: {{ .port | quote }}
SMTP_USERNAME: {{ .username | quote }}
{{- end }}
MAIL_FROM: {{ .Values.notifier.mailFrom | quote }}
{{- end -}}

{{- define "trenchless.config.content" -}}
{{ include "trenchless.config.common" . }}
GRPC_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "content") }}"
METRICS_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "content" "port" "metricsPort") }}"
NATS_URL: {{ .Values.nats.url | quote }}
MEDIA_ADDR: {{ include "trenchless.grpcTarget" (dict "root" . "name" "media") | quote }}
SEED: {{ .Values.content.seed | quote }}
SHUTDOWN_TIMEOUT: "{{ .Values.content.drainSeconds }}s"
{{- end -}}

{{- define "trenchless.config.contact" -}}
{{ include "trenchless.config.common" . }}
GRPC_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "contact") }}"
METRICS_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "contact" "port" "metricsPort") }}"
NATS_URL: {{ .Values.nats.url | quote }}
STREAM_REPLICAS: {{ .Values.contact.streamReplicas | quote }}
OUTBOX_RETENTION: {{ .Values.contact.outboxRetention | quote }}
LEAD_RETENTION: {{ .Values.contact.leadRetention | default "0" | quote }}
SHUTDOWN_TIMEOUT: "{{ .Values.contact.drainSeconds }}s"
{{- end -}}

{{- define "trenchless.config.media" -}}
{{- $s3 := include "trenchless.s3" . | fromYaml -}}
{{ include "trenchless.config.common" . }}
GRPC_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "media") }}"
METRICS_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "media" "port" "metricsPort") }}"
S3_ENDPOINT: {{ $s3.endpoint | quote }}
S3_USE_SSL: {{ $s3.useSSL | quote }}
BUCKET: {{ .Values.s3.bucket | quote }}
SHUTDOWN_TIMEOUT: "{{ .Values.media.drainSeconds }}s"
{{- end -}}

{{- define "trenchless.config.notifier" -}}
{{- $n := .Values.notifier -}}
NATS_URL: {{ .Values.nats.url | quote }}
HEALTH_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "notifier") }}"
METRICS_ADDR: ":{{ include "trenchless.port" (dict "root" . "name" "notifier" "port" "metricsPort") }}"
SMTP_HOST: {{ $n.smtp.host | quote }}
SMTP_PORT: {{ $n.smtp.port | quote }}
SMTP_USERNAME: {{ $n.smtp.username | quote }}
MAIL_FROM: {{ $n.mailFrom | quote }}
MAIL_TO: {{ join "," $n.mailTo | quote }}
{{- with .Values.otel.endpoint }}
OTLP_ENDPOINT: {{ . | quote }}
{{- end }}
{{- end -}}

{{/* database-url-<service> keys: the service's own URL or the shared one. */}}
{{- define "trenchless.databaseUrls" -}}
{{- range $name := include "trenchless.migrated" . | fromYamlArray }}
database-url-{{ $name }}: {{ index $.Values.secrets.databaseUrls $name | default $.Values.secrets.databaseUrl | required (printf "secrets.databaseUrl (or secrets.databaseUrls.%s, or secrets.existingSecret) is required" $name) | quote }}
{{- end }}
{{- end -}}

{{/* The Secret the migration Job reads: existingSecret, or the hook-time copy of the database URLs. */}}
{{- define "trenchless.migrateSecretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-migrate" (include "trenchless.fullname" .)) -}}
{{- end -}}
