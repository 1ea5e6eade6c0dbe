#!/usr/bin/env bash
# Verifies the README's two commands from a fresh clone of the committed tree (HEAD), exactly as
# a newcomer runs them: a real `npm install` from the registry, then `npm run demo`, then
# `npm test` (what .ci/run runs). Slow (minutes: a full install and the whole suite), so it is not
# part of `npm test`; run it before a release. test/ecosystem/quickstart.test.ts checks the first
# command from a fresh clone on every run (with node_modules linked instead of installed).
#
# Usage: scripts/verify-fresh-clone.sh [repository (default: this checkout)]
#   FIRST_ONLY=1 scripts/verify-fresh-clone.sh   runs only the first command (install + demo)
# Exit status: 0 when both commands succeed, otherwise the failing command's status.
set -euo pipefail
repo="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
work="$(mktemp -d "${TMPDIR:-/tmp}/arcroute-fresh-clone-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The two command lines, read from the README's "Two commands" block (so they cannot drift).
mapfile -t commands < <(awk '/^## Two commands/{f=1} f&&/^```sh/{b=1;next} b&&/^```/{exit} b{sub(/ *#.*/,""); print}' "$repo/README.md")
if [ "${#commands[@]}" -ne 2 ]; then
  echo "verify-fresh-clone: expected two commands in the README's 'Two commands' block, found ${#commands[@]}" >&2
  exit 2
fi

git clone --quiet "$repo" "$work/arcroute"
cd "$work/arcroute"
[ "${FIRST_ONLY:-}" = "1" ] && commands=("${commands[0]}")
for command in "${commands[@]}"; do
  echo "verify-fresh-clone: \$ $command" >&2
  bash -c "$command"
done
echo "verify-fresh-clone: ${#commands[@]} README command(s) succeeded from a fresh clone of $(git rev-parse --short HEAD)" >&2
