#!/usr/bin/env bash
# `npm run bench`: each figure beside its baseline measured in the same run, wall and CPU. The
# sandbox at 20,000 users (its first Authenticate, Retrieve's throughput beside a minimal server);
# a user search among 10,000 known users beside a bare scan; a session JWT through the Node API
# beside a raw Authenticate; the Playwright example suite with the fixture beside the same suite
# with the sandbox steps stubbed; then, in a throwaway GNOME Keyring, the core's call overhead
# beside node:http, a Retrieve through a real proxy (tinyproxy) beside one straight, bulk work, the
# command line's cold start beside Node's floor, and `npm start` beside a bare Chromium window.
# The benches are bundled as the app's main process is, and read the build, so the app is built
# first. BENCH_SMOKE=1 (the smoke run in `npm test`, which checks the build is fresh itself):
# every part at a handful of calls, no build, no figure worth reading.
set -euo pipefail
if [ "${BENCH_SMOKE:-}" != 1 ]; then npm run build --silent; fi
for name in bench-sandbox bench-throughput-server bench-find bench-api-jwt bench-example-suite \
  bench-example-stub bench-core bench-proxy bench-bulk bench-dry-run bench-cli bench-start \
  bench-bare-window; do
  esbuild "scripts/$name.ts" --bundle --platform=node --format=esm --packages=external \
    --target=node24 --log-level=warning --outfile="out/bench/$name.mjs"
done
node out/bench/bench-sandbox.mjs
node out/bench/bench-find.mjs
node out/bench/bench-api-jwt.mjs
node out/bench/bench-example-suite.mjs
dbus-run-session --config-file=scripts/test-bus.conf -- bash scripts/with-test-keyring.sh \
  bash -c 'node out/bench/bench-core.mjs && node out/bench/bench-proxy.mjs && node --expose-gc out/bench/bench-bulk.mjs && node out/bench/bench-cli.mjs && node out/bench/bench-start.mjs'
