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
# What a first run builds once (helm, promtool, the control plane, chromium, the store, the component tier's images)
# is built in the background beside the steps that do not need it, and waited for just before the one that does
# (docs/decisions/tests.md, "A first run that builds beside the tests").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/bootstrap.sh
say() { printf '[test %4ss] %s\n' "$SECONDS" "$*"; } # seconds since the run began, set-up included
CLI=deploy/local/dist/cli.js

cleanup() {
  # A tool still building in the background when a step failed: its build is left for the next run.
  local running
  running=$(jobs -pr)
  [ -z "$running" ] || kill $running 2>/dev/null || true
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

# Builds (or finds in ~/.cache/partner-travel, where every clone reuses it) the named one-time tools, in order.
# The component tier's images come from the test-servers entry, which only the tests load (it needs testcontainers).
ensure_tools() {
  node -e "const d = require('./deploy/local/dist'); const log = (line) => console.log(line);
    const steps = { helm: d.ensureHelm, promtool: d.ensurePromtool, 'stripe-mock': d.ensureStripeMock,
      kubernetes: d.ensureKubernetes, chromium: d.ensureChromium, schemathesis: d.ensureSchemathesis,
      'component-images': (o) => require('./deploy/local/dist/test-servers').prepareTestServerImages(o) };
    (async () => { for (const name of process.argv.slice(1)) { await steps[name]({ log }); console.log(name + ' ready'); } })()
      .catch((error) => { console.error(error.stack ?? error); process.exit(1); });" "$@"
}

say "lint (biome, buf lint) and type-check, at once; meanwhile the one-time tools (first run only): helm and promtool for the chart's unit tests and stripe-mock for billing's component tests (built from the Go module proxy), Debian's chromium for the console's browser tests and schemathesis for the fuzzer (PyPI), both end-to-end"
prefixed lint pnpm run --silent lint &
LINT=$!
prefixed typecheck pnpm run --silent typecheck &
TYPECHECK=$!
prefixed tools ensure_tools helm promtool stripe-mock &
CHART_TOOLS=$!
prefixed tools ensure_tools chromium schemathesis &
BROWSER=$!
wait_all "$LINT" "$TYPECHECK" "$CHART_TOOLS"

say "unit tests, two files at a time; meanwhile the local infrastructure (store, Kafka, Redis, MailDev) starts, the component tier's four images are made (Docker and the base images too on a first run) and the Kubernetes control plane for the chart's cluster tests (component) is built (first run only: ~10 min on 2 cores)"
prefixed infra node "$CLI" infra start &
INFRA=$!
prefixed images ensure_tools component-images &
TIER_IMAGES=$!
prefixed tools ensure_tools kubernetes &
CLUSTER_TOOLS=$!
pnpm exec jest --selectProjects unit --maxWorkers=2
wait_all "$INFRA" "$TIER_IMAGES" "$CLUSTER_TOOLS"

say "component tests (store (secantusd), Kafka, Redis and MailDev in containers of their own), three files at a time"
pnpm exec jest --selectProjects component --maxWorkers=3
say "the component files that stop one of the tier's servers, alone; the e2e stack starts meanwhile"
prefixed stack node "$CLI" stack start --profile e2e &
STACK=$!
pnpm exec jest --selectProjects component-alone --runInBand
wait_all "$STACK"

say "end-to-end: the suites that share the stack, two at a time"
E2E_STACK=shared pnpm exec jest --selectProjects e2e --maxWorkers=2
say "end-to-end: the suites that each need the stack alone (the console's browser tests among them: chromium and schemathesis waited for)"
wait_all "$BROWSER"
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
