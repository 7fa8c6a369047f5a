#!/usr/bin/env bash
# Quick start, command 2: every check and every test tier. Infrastructure this run had to start is
# stopped again at the end; a platform started with `npm start` keeps running (tests use their own ports).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/bootstrap.sh
say() { printf '[test] %s\n' "$*"; }

if ! node deploy/local/dist/cli.js infra status >/dev/null 2>&1; then
  trap 'say "stopping the infrastructure this run started"; node deploy/local/dist/cli.js infra stop >/dev/null 2>&1 || true' EXIT
fi

say "lint: biome (rules are errors) and buf lint; type-check including the tests"
pnpm run --silent lint
pnpm run --silent typecheck

say "helm for the chart's tests (built once from the Go module proxy into ~/.cache/partner-travel)"
node -e "require('./deploy/local/dist').ensureHelm({ log: (line) => console.log(line) }).then((path) => console.log('[test] helm: ' + path))"

say "promtool for the chart's alert rules (built once from the Go module proxy into ~/.cache/partner-travel)"
node -e "require('./deploy/local/dist').ensurePromtool({ log: (line) => console.log(line) }).then((path) => console.log('[test] promtool: ' + path))"

say "the Kubernetes control plane for the chart's cluster test (etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kwok; built once from the Go module proxy, ~10 min cold on 2 cores)"
node -e "require('./deploy/local/dist').ensureKubernetes({ log: (line) => console.log(line) }).then((bin) => console.log('[test] kubernetes: ' + require('node:path').dirname(bin.kubeApiserver)))"

say "unit tests"
pnpm exec jest --selectProjects unit

say "component tests (store (secantusd), Kafka, Redis and MailDev in containers of their own: testcontainers, images built once)"
pnpm exec jest --selectProjects component --runInBand

say "images tests (the container images built with a Docker daemon (ours, from apt, when none answers) and the platform booted from them)"
pnpm exec jest --selectProjects images --runInBand

say "end-to-end tests (the whole platform launched on test ports, driven through the gateway)"
pnpm exec jest --selectProjects e2e --runInBand
