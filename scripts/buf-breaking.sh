#!/usr/bin/env bash
# Lint step: `buf breaking` of proto/ (as it is in the working tree) against the contracts main last had, so a
# change that would break a deployed caller fails unless proto/BREAKING_CHANGES_ALLOWED lists it as intended.
# The baseline (docs/decisions/test-hygiene.md, "buf breaking"): BUF_BREAKING_AGAINST when set (any git
# revision, e.g. a release tag); else, on a branch that left main, the main commit it left from; else (on main)
# the previous commit, HEAD~1. No baseline to read (a shallow clone, the first commit, no git): nothing is
# compared, and this says so.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# buf comes with the dev dependencies (@bufbuild/buf); `npm run lint` puts it on PATH, this also when run alone.
PATH="$PWD/node_modules/.bin:$PATH"
say() { printf '[buf breaking] %s\n' "$*"; }
ALLOWED=proto/BREAKING_CHANGES_ALLOWED

# The first of main, origin/main that names a commit here.
main_commit() {
  local ref
  for ref in main origin/main; do
    if git rev-parse -q --verify "$ref^{commit}" 2>/dev/null; then return; fi
  done
}

baseline() {
  if [ -n "${BUF_BREAKING_AGAINST:-}" ]; then
    git rev-parse -q --verify "$BUF_BREAKING_AGAINST^{commit}" 2>/dev/null || true
    return
  fi
  local head main
  head=$(git rev-parse -q --verify 'HEAD^{commit}' 2>/dev/null) || return 0
  main=$(main_commit || true)
  if [ -n "$main" ] && [ "$main" != "$head" ] && [ "$(git symbolic-ref -q --short HEAD || true)" != main ]; then
    git merge-base "$head" "$main" 2>/dev/null || true
  else
    git rev-parse -q --verify 'HEAD~1^{commit}' 2>/dev/null || true
  fi
}

if ! git rev-parse --git-dir >/dev/null 2>&1; then
  say "not a git repository: no earlier contracts to compare against; skipped"
  exit 0
fi
base=$(baseline)
if [ -z "$base" ] && [ -n "${BUF_BREAKING_AGAINST:-}" ]; then
  say "BUF_BREAKING_AGAINST=$BUF_BREAKING_AGAINST names no commit here" >&2
  exit 2
fi
if [ -z "$base" ]; then
  say "no earlier commit here (the first commit, or a shallow clone: git fetch --unshallow); nothing compared"
  exit 0
fi
if ! git cat-file -e "$base:proto" 2>/dev/null; then
  say "$(git rev-parse --short "$base") has no proto/ yet; nothing compared"
  exit 0
fi

# buf's lines are `path:line:column:message`; the line and column move with any edit above, so a violation is
# named, and listed as intended, by `path: message` alone.
set +e
found=$(git archive "$base" proto | buf breaking proto --against '-#format=tar,subdir=proto' 2>&1)
status=$?
set -e
if [ "$status" -ne 0 ] && [ "$status" -ne 100 ]; then
  printf '%s\n' "$found" >&2
  say "buf breaking itself failed (exit $status)"
  exit "$status"
fi
violations=$(printf '%s\n' "$found" | sed -nE 's/^([^:]+):[0-9]+:[0-9]+:(.*)$/\1: \2/p')
intended=$( [ -f "$ALLOWED" ] && grep -vE '^\s*(#|$)' "$ALLOWED" || true)
# grep takes each line of one -e pattern as a pattern of its own; -e '' drops the empty lines.
unintended=$(printf '%s\n' "$violations" | grep -vxF -e "$intended" -e '' || true)

against="$(git rev-parse --short "$base") ($(git log -1 --format=%s "$base" | cut -c1-60))"
if [ -n "$unintended" ]; then
  say "proto/ breaks the contracts of $against:" >&2
  printf '  %s\n' "$unintended" >&2
  say "if the break is intended (every caller changes with it), add each line above to $ALLOWED with a comment saying why" >&2
  exit 1
fi
count=$(printf '%s\n' "$violations" | grep -c . || true)
if [ "$count" -gt 0 ]; then
  say "no unintended break against $against ($count intended, listed in $ALLOWED)"
else
  say "no break against $against"
fi
stale=$(printf '%s\n' "$intended" | grep -vxF -e "$violations" -e '' | grep -c . || true)
[ "$stale" -gt 0 ] && say "$stale line(s) of $ALLOWED name no break any more: the baseline has them; they may go"
exit 0
