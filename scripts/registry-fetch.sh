#!/usr/bin/env bash
# Sourced by node-runtime.sh on a machine with no Node: Node's binary (the registry's
# node-<os>-<cpu> package, the one `npm install node` picks) and npm, each checked against the
# integrity the registry publishes, with curl, tar and openssl alone.
registry=${npm_config_registry:-https://registry.npmjs.org/}
registry=${registry%/}/

# fetch_package NAME VERSION FOLDER: the package's files in FOLDER, or a message and status 1.
fetch_package() {
  local meta tarball integrity archive
  meta=$(curl -fsSL "$registry$1/$2") || {
    echo "Cannot read $1@$2 from $registry" >&2
    return 1
  }
  tarball=$(sed -n 's/.*"tarball": *"\([^"]*\)".*/\1/p' <<<"$meta")
  integrity=$(sed -n 's/.*"integrity": *"sha512-\([^"]*\)".*/\1/p' <<<"$meta")
  archive=$(mktemp)
  if ! curl -fsSL "$tarball" -o "$archive"; then
    echo "Cannot download $tarball" >&2
    rm -f "$archive"
    return 1
  fi
  if [[ -z $integrity || $(openssl dgst -sha512 -binary "$archive" | openssl base64 -A) != "$integrity" ]]; then
    echo "$1@$2 from $registry does not match its published integrity: not used" >&2
    rm -f "$archive"
    return 1
  fi
  mkdir -p "$3"
  tar -xzf "$archive" -C "$3" --strip-components=1
  rm -f "$archive"
}

# fetch_node_and_npm FOLDER NODE_VERSION NPM_VERSION: node, npm and npx in FOLDER/node_modules/.bin.
fetch_node_and_npm() {
  local os cpu modules=$1/node_modules
  case $(uname -s) in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "No Node binary package for $(uname -s): install Node $2 yourself" >&2 && return 1 ;;
  esac
  case $(uname -m) in
    x86_64 | amd64) cpu=x64 ;;
    aarch64 | arm64) cpu=arm64 ;;
    *) echo "No Node binary package for $(uname -m): install Node $2 yourself" >&2 && return 1 ;;
  esac
  fetch_package "node-$os-$cpu" "$2" "$modules/node-$os-$cpu" || return 1
  fetch_package npm "$3" "$modules/npm" || return 1
  mkdir -p "$modules/.bin"
  ln -sf "../node-$os-$cpu/bin/node" "$modules/.bin/node"
  for tool in npm npx; do
    printf '#!/bin/sh\nexec "$(dirname "$0")/node" "$(dirname "$0")/../npm/bin/%s-cli.js" "$@"\n' \
      "$tool" >"$modules/.bin/$tool"
    chmod +x "$modules/.bin/$tool"
  done
}
