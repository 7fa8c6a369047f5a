#!/usr/bin/env bash
# Quick start, command 1: installs what is missing, starts the store (secantusd), Kafka, Redis and MailDev, the twelve
# services and the gateway, waits until all are healthy, prints how to reach them, and stops everything on Ctrl-C.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/bootstrap.sh
exec node deploy/local/dist/cli.js launch "$@"
