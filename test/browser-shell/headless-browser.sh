#!/usr/bin/env bash
# Test-only stand-in for an installed browser: Debian's Chromium, headless, plus a DevTools port so
# the test can drive the window the shell opened. The shell itself reaches the browser over
# Playwright's pipe only; the port exists in this wrapper alone. Chromium announces the port on
# stderr, which is copied to the file the test names.
set -euo pipefail
exec "${PLAYWRIGHT_CHROMIUM_EXECUTABLE:-/usr/bin/chromium}" --headless=new \
  --remote-debugging-port=0 "$@" 2> >(tee -a "$SHELL_TEST_BROWSER_LOG" >&2)
