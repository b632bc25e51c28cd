#!/usr/bin/env bash
# The README's first command: install, build and open the console on the built-in sandbox, on a
# machine whose Node is older than the project's, or that has none (node-runtime.sh fetches one
# into .tools/, leaving the machine's alone). `--install-only` stops before opening it.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=./node-runtime.sh
source scripts/node-runtime.sh
npm ci --no-audit --no-fund
[[ ${1:-} == --install-only ]] && exit 0
exec npm start
