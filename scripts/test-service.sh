#!/usr/bin/env bash
# One service's unit and component tests, for the team that owns it: `npm run test:service -- booking`.
# They run on the shared servers (the store, Kafka, Redis and the tests' MailDev that `npm start` also uses),
# started here when they are not running and left running for the next run (`npm run infra stop` stops them);
# each test file drops the databases and topics it made (docs/decisions/test-hygiene.md). Arguments after the
# name go to jest as they are (`npm run test:service -- booking -t 'idempotency'`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The services, and the gateway (its routes are a team's too), by the folder that holds each.
names=$(cd services && ls -d */ | tr -d / | tr '\n' ' ')gateway
name=${1:-}
if [ -z "$name" ] || [[ " $names " != *" $name "* ]]; then
  [ -n "$name" ] && echo "[test:service] no service is called \"$name\"" >&2
  echo "usage: npm run test:service -- <name> [jest options]; <name> is one of: $names" >&2
  exit 2
fi
shift
folder=services/$name
[ "$name" = gateway ] && folder=gateway

source scripts/bootstrap.sh
# After the set-up, whose own say() names itself.
say() { printf '[test:service] %s\n' "$*"; }

if ! node deploy/local/dist/cli.js infra status >/dev/null 2>&1; then
  say "starting the shared infrastructure (it keeps running for the next run; npm run infra stop stops it)"
  node deploy/local/dist/cli.js infra start
fi
# Set, so the component tier's set-up uses these servers instead of starting containers of its own.
export MONGO_URL=${MONGO_URL:-mongodb://127.0.0.1:27017}
export KAFKA_BROKERS=${KAFKA_BROKERS:-127.0.0.1:9092}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
export MAILDEV_TEST_URL=${MAILDEV_TEST_URL:-http://127.0.0.1:11080}
export MAILDEV_TEST_SMTP_PORT=${MAILDEV_TEST_SMTP_PORT:-11025}

# Jest takes a path pattern as a regular expression over absolute paths: anchored at this folder.
pattern="^$PWD/$folder/"
say "unit tests of $folder"
pnpm exec jest "$pattern" --selectProjects unit --passWithNoTests "$@"
say "component tests of $folder (on the shared servers)"
pnpm exec jest "$pattern" --selectProjects component component-alone --runInBand --passWithNoTests "$@"
