#!/usr/bin/env bash
# Source this file: it puts the Node the project requires first on PATH. The machine's Node is
# used when it is new enough; otherwise Node is installed from the npm registry (the `node`
# package carries the binary) into .tools/ of this checkout. The machine's own Node is never
# changed.
required_major=24
pinned_version=24.21.0

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runtime_dir="$project_root/.tools/node-$pinned_version"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if command -v node >/dev/null && (($(node_major node) >= required_major)); then
  :
elif [[ -x "$runtime_dir/node_modules/.bin/node" ]]; then
  export PATH="$runtime_dir/node_modules/.bin:$PATH"
else
  echo "Node $(node --version 2>/dev/null || echo 'is missing') is older than $required_major: installing node@$pinned_version from the npm registry into ${runtime_dir#"$project_root"/}"
  mkdir -p "$runtime_dir"
  npm install --prefix "$runtime_dir" --no-audit --no-fund --no-save --loglevel=error \
    "node@$pinned_version" >/dev/null
  export PATH="$runtime_dir/node_modules/.bin:$PATH"
fi
echo "Using Node $(node --version) at $(command -v node)"
