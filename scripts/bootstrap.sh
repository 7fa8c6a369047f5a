#!/usr/bin/env bash
# Makes this machine ready to run the platform: pnpm, dependencies, generated contracts, build.
# Safe to run every time: each step is quick when nothing changed. Sourced by start.sh and test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PNPM_VERSION=9.15.9
TOOLS_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/partner-travel/tools"
say() { printf '[setup] %s\n' "$*"; }

if ! command -v node >/dev/null; then
  echo "[setup] Node.js 20 or newer is required and was not found on PATH" >&2
  exit 1
fi

# pnpm: the one on PATH if it is our version, else our own copy (installed once from the npm registry).
if ! command -v pnpm >/dev/null || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  if [ ! -x "$TOOLS_DIR/node_modules/.bin/pnpm" ] || [ "$("$TOOLS_DIR/node_modules/.bin/pnpm" --version)" != "$PNPM_VERSION" ]; then
    say "installing pnpm $PNPM_VERSION into $TOOLS_DIR (first run only)"
    mkdir -p "$TOOLS_DIR"
    npm install --prefix "$TOOLS_DIR" --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION" >/dev/null \
      || { echo "[setup] failed at \"npm install pnpm@$PNPM_VERSION\"" >&2; exit 1; }
  fi
  export PATH="$TOOLS_DIR/node_modules/.bin:$PATH"
fi

say "installing dependencies (pnpm install)"
pnpm install --frozen-lockfile --reporter=append-only 2>&1 | grep -vE '^(Progress|\s*$)' | tail -n 5 \
  || { echo "[setup] failed at \"pnpm install\"" >&2; exit 1; }

say "generating contracts and compiling (pnpm run build)"
pnpm run --silent build || { echo "[setup] failed at \"pnpm run build\"" >&2; exit 1; }
