#!/usr/bin/env bash
# The throwaway GNOME Keyring, as the tests' private bus starts it (see
# test-bus-services/org.freedesktop.secrets.service): XDG_DATA_HOME and XDG_RUNTIME_DIR are the
# private folders with-test-keyring.sh gave the bus, so a restart finds the same keyring and
# unlocks it with the same password.
set -euo pipefail
exec gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null \
  < <(printf 'throwaway-test-keyring')
