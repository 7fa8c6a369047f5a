#!/usr/bin/env bash
# Quick start, command 2: every check and every test tier. Infrastructure this run had to start is
# stopped again at the end; a platform started with `npm start` keeps running (tests use their own ports).
#
# The tiers run one after another, each as parallel as its tests allow (docs/architecture.md, "Tests"): unit files
# two at a time; component files three at a time, then the one that stops a server of the tier; one e2e stack,
# started beside that file (an idle stack would cost the component tier a quarter of a core), for e2e (two at a
# time) → e2e-alone → fuzz → faults (after their broker restarts some consumers take minutes to resume, which cost
# the suites after them ~2 min) → overload (its ~6,000 bookings' events kept the consumers busy for the suites after
# it: reports 103 s instead of 51, tracing 60 s instead of 7); then images and rollout. Running the component and
# e2e tiers at once was tried: quicker, but the load (7 to 18 on 2 cores) broke timing-bound tests in one run of two.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/bootstrap.sh
say() { printf '[test %4ss] %s\n' "$SECONDS" "$*"; } # seconds since the run began, set-up included
CLI=deploy/local/dist/cli.js

cleanup() {
  say "stopping the e2e stack"
  node "$CLI" stack stop --profile e2e >/dev/null 2>&1 || true
  if [ -n "${STOP_INFRA:-}" ]; then
    say "stopping the infrastructure this run started"
    node "$CLI" infra stop >/dev/null 2>&1 || true
  fi
}
if ! node "$CLI" infra status >/dev/null 2>&1; then STOP_INFRA=1; fi
trap cleanup EXIT

# Runs "$@" with every output line prefixed by [$1]; the status is the command's.
prefixed() {
  local name=$1
  shift
  "$@" 2>&1 | sed -u "s/^/[$name] /"
}
# Waits for background jobs by pid; fails (after all have ended) if any failed.
wait_all() {
  local failed=0
  for pid in "$@"; do wait "$pid" || failed=1; done
  return "$failed"
}

say "lint (biome, buf lint) and type-check, at once"
prefixed lint pnpm run --silent lint &
LINT=$!
prefixed typecheck pnpm run --silent typecheck &
TYPECHECK=$!
wait_all "$LINT" "$TYPECHECK"

say "helm, promtool and the Kubernetes control plane for the chart's tests (built once from the Go module proxy into ~/.cache/partner-travel; the control plane ~10 min cold on 2 cores); Debian's chromium for the console's browser tests (apt, first run only)"
node -e "const d = require('./deploy/local/dist'); const log = (line) => console.log(line);
  d.ensureHelm({ log }).then(() => d.ensurePromtool({ log })).then(() => d.ensureKubernetes({ log }))
    .then((bin) => console.log('[test] kubernetes: ' + require('node:path').dirname(bin.kubeApiserver)))
    .then(() => d.ensureChromium({ log })).then((path) => console.log('[test] chromium: ' + path))"

say "unit tests, two files at a time; the local infrastructure (store, Kafka, Redis, MailDev) starts meanwhile"
prefixed infra node "$CLI" infra start &
INFRA=$!
pnpm exec jest --selectProjects unit --maxWorkers=2
wait_all "$INFRA"

say "component tests (store (secantusd), Kafka, Redis and MailDev in containers of their own), three files at a time"
pnpm exec jest --selectProjects component --maxWorkers=3
say "the component files that stop one of the tier's servers, alone; the e2e stack starts meanwhile"
prefixed stack node "$CLI" stack start --profile e2e &
STACK=$!
pnpm exec jest --selectProjects component-alone --runInBand
wait_all "$STACK"

say "end-to-end: the suites that share the stack, two at a time"
E2E_STACK=shared pnpm exec jest --selectProjects e2e --maxWorkers=2
say "end-to-end: the suites that each need the stack alone"
E2E_STACK=shared pnpm exec jest --selectProjects e2e-alone --runInBand
say "end-to-end: the fuzzer (schemathesis over both OpenAPI documents)"
E2E_STACK=shared FUZZ_SKIP_WINDOW_WAIT=true pnpm exec jest --selectProjects fuzz --runInBand
say "end-to-end: fault suites (the stack's infrastructure and services go down and come back)"
E2E_STACK=shared pnpm exec jest --selectProjects faults --runInBand
say "end-to-end: the overload, last (nothing after it waits for the consumers it keeps busy)"
E2E_STACK=shared pnpm exec jest --selectProjects overload --runInBand
node "$CLI" stack stop --profile e2e

say "images tests (the container images built and the platform booted from them)"
pnpm exec jest --selectProjects images --runInBand
say "the rolling restart (a stack of its own, several replicas of everything)"
pnpm exec jest --selectProjects rollout --runInBand
say "every check and every tier passed"
