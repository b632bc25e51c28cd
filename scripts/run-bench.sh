#!/usr/bin/env bash
# `npm run bench`: the sandbox at 20,000 users (a first Authenticate, Retrieve's throughput beside
# a minimal server), then the core's call overhead, bulk work and the
# command line's cold start, a Retrieve through a real proxy (tinyproxy) beside one straight, bundled as the app's main process is and run against a throwaway
# GNOME Keyring. Find a user: a search among 10,000 known users beside a bare scan of them. The table measure opens the built renderer in the browser shell and the last
# part runs the built command line and the last `npm start` in the browser shell, so the app is
# built first.
set -euo pipefail
npm run build --silent
for name in bench-sandbox bench-throughput-server bench-core bench-proxy bench-bulk bench-cli bench-start bench-find; do
  esbuild "scripts/$name.ts" --bundle --platform=node --format=esm --packages=external \
    --target=node24 --log-level=warning --outfile="out/bench/$name.mjs"
done
node out/bench/bench-sandbox.mjs
node out/bench/bench-find.mjs
dbus-run-session --config-file=scripts/test-bus.conf -- bash scripts/with-test-keyring.sh \
  bash -c 'node out/bench/bench-core.mjs && node out/bench/bench-proxy.mjs && node --expose-gc out/bench/bench-bulk.mjs && node out/bench/bench-cli.mjs && node out/bench/bench-start.mjs'
