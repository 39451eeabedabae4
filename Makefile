# One Makefile: CI calls these same targets. `make help` lists them.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

TOOLS_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/trenchless/tools
export PATH := $(TOOLS_DIR)/bin:$(PATH)
GO_TEST_FLAGS ?= -race -count=1 -timeout 20m
# Images are tagged with the chart's appVersion and labelled with the commit.
CHART_DIR := deploy/helm/trenchless
VERSION ?= $(shell sed -n 's/^appVersion: *"\{0,1\}\([^"]*\)"\{0,1\}$$/\1/p' $(CHART_DIR)/Chart.yaml)
REVISION ?= $(shell git rev-parse HEAD)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)

.PHONY: help
help: ## List the targets
	@grep -E '^[a-z-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  %-18s %s\n", $$1, $$2}'

.PHONY: run
run: ## Install/start what running needs (Postgres, NATS, Node, MinIO), build, start the whole stack, print the URL (TRACING=1: also Jaeger, every span exported)
	@scripts/run.sh

.PHONY: test
test: ## The whole test suite: lint, generated-code drift, go vet, go test -race, the alert rules' unit tests, web checks, the images (built and checked), the Helm chart on a real API server, HTML validation and browser tests
	@scripts/test.sh check-tracked tools lint check-generated check-contract go-test alerts-test web-test images chart-test web-e2e

.PHONY: tools
tools: ## Build the pinned tools (buf, protoc plugins, MinIO, Helm) into the cache, once
	@scripts/tools.sh

.PHONY: codegen-tools
codegen-tools: ## Build buf and the protoc plugins into the tool cache, once (generate, check-generated)
	@scripts/tools.sh codegen

.PHONY: generate
generate: codegen-tools web-deps ## Regenerate third_party/proto, gen/ and web/src/gen from proto/
	go run ./scripts/protovendor third_party/proto
	rm -rf gen web/src/gen
	buf generate

.PHONY: check-generated
check-generated: codegen-tools web-deps ## Fail when committed gen/, web/src/gen or third_party/proto differ from a fresh generation
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	go run ./scripts/protovendor "$$tmp/third_party/proto"; \
	buf generate --output "$$tmp"; \
	if ! diff -r third_party/proto "$$tmp/third_party/proto" >/dev/null || ! diff -r gen "$$tmp/gen" >/dev/null \
		|| ! diff -r web/src/gen "$$tmp/web/src/gen" >/dev/null; then \
		echo "generated code is stale: run 'make generate' and commit the result" >&2; \
		diff -r gen "$$tmp/gen" | head -40 >&2 || true; diff -r web/src/gen "$$tmp/web/src/gen" | head -40 >&2 || true; exit 1; \
	fi; echo "generated code is up to date"

.PHONY: check-tracked
check-tracked: ## Fail when git tracks a compiled binary or a file over 1 MB (lockfiles excepted)
	@scripts/check-tracked.sh --self-test
	@scripts/check-tracked.sh

.PHONY: lint
lint: ## buf lint, gofmt, no shipped binary depending on internal/testkit (scripts/check-testkit.sh), and go vet
	@scripts/tools.sh buf
	buf lint
	@out=$$(gofmt -l $$(find . -name '*.go' -not -path './gen/*' -not -path './web/*' -not -path './.*')); if [ -n "$$out" ]; then echo "gofmt needed:" $$out >&2; exit 1; fi
	@scripts/check-testkit.sh
	go vet ./...
	go vet -tags charttest ./deploy/... ./internal/testkit/...
	go vet -tags clustertest ./deploy/... ./internal/testkit/...

.PHONY: build
build: ## Build the service binaries (and the lead notifier and the development OIDC provider) into bin/
	go build -o bin/ ./services/content ./services/contact ./services/contact/notifier ./services/media ./services/gateway ./scripts/oidcdev ./scripts/mailsink

.PHONY: bench
bench: build web-build ## The figures of issues 17, 28, 29 and 30 on scratch stacks beside their references; writes docs/performance.md (ONLY=growth,pipeline,… runs some parts)
	@scripts/ensure-deps.sh postgres nats minio
	@scripts/tools.sh jaeger
	scripts/bench.sh -bins bin -web web/dist -out docs/performance.md $(if $(ONLY),-only $(ONLY))

.PHONY: bench-go
bench-go: ## Go micro-benchmarks (needs Postgres/NATS like the tests)
	go test -run '^$$' -bench . -benchmem ./...

.PHONY: fuzz
fuzz: ## Run each Go fuzz target for FUZZTIME (default 1m): contact request, lead intake and post save end to end on a real Postgres, upload decode, sanitiser, renderer, session cookie, fast-lane request head
	@scripts/ensure-deps.sh postgres nats
	@scripts/fuzz.sh

.PHONY: faults
faults: build ## Issue 16's, 26's and 36's failure scenarios against the whole stack from the built binaries (own ports, database or a three-node Patroni cluster, NATS or a three-node NATS cluster, MinIO); verdicts and figures
	@scripts/ensure-deps.sh postgres minio haproxy patroni
	@scripts/tools.sh nats-server
	go run ./scripts/faults -bins bin $(if $(ONLY),-only $(ONLY))

.PHONY: restore-drill
restore-drill: build ## Issue 36's backup and point-in-time restore, actually run: WAL archive and base backups to S3 (pgBackRest), the disk lost under load, restored, newer leads re-imported from LEADS; RPO and RTO
	@scripts/ensure-deps.sh postgres minio pgbackrest
	@scripts/tools.sh nats-server
	go run ./scripts/restoredrill -bins bin

.PHONY: attack
attack: build ## Issue 25's attack suite against the built stack (both gateway lanes; own ports, database, MinIO, NATS as the runbook configures it); a verdict per probe
	@scripts/ensure-deps.sh postgres minio
	@scripts/tools.sh nats-server
	go run ./scripts/attack -bins bin

.PHONY: go-test
go-test: examples-deps ## go test -race ./... against real Postgres, NATS, MinIO and an OpenTelemetry Collector (the trace test), and the Node consumer against real leads
	@scripts/ensure-deps.sh postgres nats minio haproxy patroni
	@scripts/tools.sh otelcol nats-server
	go test $(GO_TEST_FLAGS) ./...

.PHONY: alerts-test
alerts-test: ## Prometheus alert rules (deploy/helm/trenchless/alerts): promtool check rules, then their unit tests
	@scripts/tools.sh promtool
	promtool check rules $(CHART_DIR)/alerts/rules.yaml
	promtool test rules $(CHART_DIR)/alerts/rules_test.yaml

# npm_ci DIR: npm ci in DIR when its lockfile is newer than what is installed.
define npm_ci
	@if [ ! -f $(1)/node_modules/.package-lock.json ] || [ $(1)/package-lock.json -nt $(1)/node_modules/.package-lock.json ]; then \
		cd $(1) && npm ci --no-audit --no-fund; fi
endef

.PHONY: web-deps
web-deps: ## npm ci in web/ when the lockfile changed
	$(call npm_ci,web)

.PHONY: examples-deps
examples-deps: ## npm ci in examples/node (the Node lead consumer and the contract's parser) when the lockfile changed
	$(call npm_ci,examples/node)

.PHONY: check-contract
check-contract: examples-deps ## Validate the event contract, docs/asyncapi.yaml, with the AsyncAPI parser (its fields are checked against the protos by go test)
	@cd examples/node && node validate-contract.mjs

.PHONY: web-build
# What the built web app is made from: web/dist is rebuilt when any is newer.
WEB_SOURCES := web/src web/public web/index.html web/vite.config.ts web/package.json web/package-lock.json \
	web/scripts/prerender.mjs services/content/internal/contentpg/seed

web-build: web-deps ## Build the web app into web/dist (with .br/.gz twins), unless it is newer than its sources
	@stamp=web/.vite/built; \
	if [ -f $$stamp ] && [ -f web/dist/index.html ] && [ -z "$$(find $(WEB_SOURCES) -newer $$stamp -print -quit)" ]; then \
		echo "web/dist is up to date"; \
	else \
		rm -f $$stamp; (cd web && npm run build) && go run ./scripts/precompress web/dist && mkdir -p web/.vite && touch $$stamp; \
	fi

.PHONY: web-test
web-test: web-deps ## Type-check and unit-test the web app; every message the code uses is in its English and Spanish catalogs
	cd web && npm run typecheck
	cd web && npm run --silent check-messages
	cd web && npm test

.PHONY: web-validate
web-validate: web-deps ## Check every prerendered page in web/dist with the W3C Nu HTML Checker (after web-build); fails on any error
	@scripts/ensure-deps.sh java
	cd web && npm run --silent validate

.PHONY: web-e2e
web-e2e: web-deps ## Build, validate the HTML (web-validate), then browser tests (Chromium via playwright-core) against the whole stack
	@scripts/ensure-deps.sh postgres nats minio chromium java
	@scripts/web-e2e.sh

.PHONY: images
images: web-build ## Build the container images without Docker: OCI layouts in dist/images, digests and sizes printed
	go run ./scripts/images -version "$(VERSION)" -revision "$(REVISION)" -out dist/images -values dist/images/values-images.yaml

.PHONY: chart-tools
chart-tools: ## Build helm and the control plane (etcd, kube-apiserver, kube-controller-manager, kubectl) into the tool cache, once
	@scripts/tools.sh helm
	@scripts/kube-tools.sh

.PHONY: chart-test
chart-test: chart-tools ## Helm chart: lint, dev/prod render, policy checks, install/upgrade/rollback on a real kube-apiserver
	go test -tags charttest -count=1 -timeout 10m ./deploy/helm/charttest

.PHONY: node-tools
node-tools: ## Build what a Kubernetes node needs (kubelet, kube-scheduler, kube-proxy, crictl, CoreDNS) into the tool cache, once
	@scripts/kube-tools.sh node

.PHONY: cluster-test
cluster-test: tools chart-tools node-tools images ## Issue 27: the chart on a one-node Kubernetes built here (root): install, the site through the gateway Service, upgrade, rollback and force-deleted pods under load
	@scripts/ensure-deps.sh postgres nats k8s-node
	@scripts/tools.sh nats-server
	go run ./scripts/images -version "$(VERSION)-next" -revision "$(REVISION)" -out dist/images-next -values dist/images-next/values-images.yaml >/dev/null
	go test -tags clustertest -count=1 -v -timeout 30m ./deploy/helm/clustertest

.PHONY: clean
clean: ## Remove build output and local run state (keeps the tool cache)
	rm -rf bin .run web/dist dist
