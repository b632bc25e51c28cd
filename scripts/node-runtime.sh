#!/usr/bin/env bash
# Source this file: it puts the Node the project requires first on PATH. The machine's Node is
# used when it is new enough; otherwise Node is installed from the npm registry (the `node`
# package carries the binary) into .tools/ of this checkout. The machine's own Node is never
# changed.
required_major=24
pinned_version=24.21.0
# Only fetched where the machine has no npm: the major Node 24 ships with.
pinned_npm=11.6.2

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runtime_dir="$project_root/.tools/node-$pinned_version"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if command -v node >/dev/null && (($(node_major node) >= required_major)); then
  :
elif [[ -x "$runtime_dir/node_modules/.bin/node" ]]; then
  export PATH="$runtime_dir/node_modules/.bin:$PATH"
elif command -v npm >/dev/null; then
  echo "Node $(node --version 2>/dev/null) is older than $required_major: installing node@$pinned_version from the npm registry into ${runtime_dir#"$project_root"/}"
  mkdir -p "$runtime_dir"
  npm install --prefix "$runtime_dir" --no-audit --no-fund --no-save --loglevel=error \
    "node@$pinned_version" >/dev/null
  export PATH="$runtime_dir/node_modules/.bin:$PATH"
else
  # No Node (so no npm) at all: the same binary from the registry with curl, and npm beside it.
  echo "Node is missing: fetching node@$pinned_version and npm@$pinned_npm from the npm registry into ${runtime_dir#"$project_root"/}"
  # shellcheck source=./registry-fetch.sh
  source "$project_root/scripts/registry-fetch.sh"
  fetch_node_and_npm "$runtime_dir" "$pinned_version" "$pinned_npm" || return 1 2>/dev/null || exit 1
  export PATH="$runtime_dir/node_modules/.bin:$PATH"
fi
echo "Using Node $(node --version) at $(command -v node)"
