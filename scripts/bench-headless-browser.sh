#!/usr/bin/env bash
# The bench's browser: Debian's Chromium, headless (these machines have no display), the same for
# the console's window and the bare one it is compared with.
set -euo pipefail
exec "${PLAYWRIGHT_CHROMIUM_EXECUTABLE:-/usr/bin/chromium}" --headless=new "$@"
