#!/usr/bin/env bash
# Runs a command against a throwaway GNOME Keyring. Call it inside `dbus-run-session` so the
# keyring lives on a private session bus: tests never see a person's real keychain.
set -euo pipefail
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home"
printf 'throwaway-test-keyring' |
  gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null
export INTEGRATOR_CONSOLE_TEST_KEYRING=1
"$@"
