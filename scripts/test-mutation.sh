#!/usr/bin/env bash
# Mutation testing (StrykerJS) of the code whose mistakes cost most: `npm run test:mutation` runs every
# stryker/<target>.config.mjs one after another, `npm run test:mutation -- paging errors` only those. Not part of
# `npm test` (minutes per target, both cores). Each run mutates the target's files in place (the originals are
# put back at the end: do not edit them meanwhile), kills the mutants with the target's unit tests, and fails under
# its break threshold (80 %). Reports: reports/mutation/<target>/mutation.html. Scores: docs/decisions/tests.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

targets=$(cd stryker && ls -- *.config.mjs | sed 's/\.config\.mjs$//' | tr '\n' ' ')
for target in "$@"; do
  if [[ " $targets " != *" $target "* ]]; then
    echo "[test:mutation] no target \"$target\"; the targets are: $targets" >&2
    exit 2
  fi
done
[ $# -gt 0 ] && targets="$*"

# Dependencies and the build: a library may import another's compiled output (paging uses @travel/errors).
source scripts/bootstrap.sh
say() { printf '[test:mutation] %s\n' "$*"; }

scores=()
failed=()
for target in $targets; do
  say "$target: stryker run stryker/$target.config.mjs"
  status=0
  started=$(date +%s%3N)
  pnpm exec stryker run "stryker/$target.config.mjs" || status=$?
  mapfile -t lines < <(node stryker/scores.mjs "stryker/$target.config.mjs" "$started")
  scores+=("${lines[@]}")
  [ "$status" -eq 0 ] || failed+=("$target")
done

say "mutation scores (reports/mutation/<target>/mutation.html):"
printf '  %s\n' "${scores[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  say "below the break threshold or failed: ${failed[*]}"
  exit 1
fi
