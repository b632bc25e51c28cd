#!/usr/bin/env bash
# Runs a command against a throwaway GNOME Keyring. Call it inside
# `dbus-run-session --config-file=scripts/test-bus.conf`, a private session bus whose only
# service is this keyring: tests never see a person's real keychain.
set -euo pipefail

# The daemon keeps its keyrings under XDG_DATA_HOME and its control socket under
# XDG_RUNTIME_DIR: both are private, so it cannot find, join or be joined by another keyring.
keyring_home=$(mktemp -d "${TMPDIR:-/tmp}/ic-keyring-data.XXXXXX")
keyring_runtime=$(mktemp -d "${TMPDIR:-/tmp}/ic-keyring-run.XXXXXX")
chmod 0700 "$keyring_home" "$keyring_runtime"
command_pid=''

keyring_pid() {
  dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null |
    awk '{ print $2 }'
}

cleanup() {
  if [[ -n $command_pid ]]; then
    kill "$command_pid" 2>/dev/null || true
    wait "$command_pid" 2>/dev/null || true
  fi
  local pid
  pid=$(keyring_pid) || true
  if [[ -n $pid ]]; then
    kill "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  fi
  rm -rf "$keyring_home" "$keyring_runtime"
}
trap cleanup EXIT
# A signal must end the script through `exit`, so that the EXIT trap stops the daemon.
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

export XDG_DATA_HOME="$keyring_home"
export XDG_RUNTIME_DIR="$keyring_runtime"
# The bus starts the daemon on the first Secret Service call, and again on the first call after
# it stopped: GNOME Keyring 42 can abort (GLib-ERROR in aes_negotiate) when a client leaves while
# its session is being opened. The keyring's items are on disk in the private folder, so the new
# daemon serves them, and calls made meanwhile wait for it instead of failing.
dbus-update-activation-environment XDG_DATA_HOME XDG_RUNTIME_DIR \
  "INTEGRATOR_TEST_KEYRING_DAEMON=$(cd "$(dirname "$0")" && pwd)/test-keyring-daemon.sh"

canary=(integrator-console-test-keyring canary)
canary_answers() {
  printf 'canary' | secret-tool store --label='Integrator Console test keyring canary' \
    "${canary[@]}" 2>/dev/null || return 1
  [[ $(secret-tool lookup "${canary[@]}" 2>/dev/null) == canary ]]
}

# The canary's item must land in our folder: proof that the keyring answering is the throwaway one.
wait_until_ready() {
  for _ in $(seq 1 50); do
    if canary_answers && [[ -e $keyring_home/keyrings/login.keyring ]]; then
      secret-tool clear "${canary[@]}"
      return 0
    fi
    sleep 0.2
  done
  echo 'with-test-keyring: the throwaway keyring did not answer a store and lookup within 10 s' >&2
  echo 'with-test-keyring: run it on a private bus: dbus-run-session --config-file=scripts/test-bus.conf -- bash scripts/with-test-keyring.sh CMD' >&2
  return 1
}

wait_until_ready || exit 1

export INTEGRATOR_CONSOLE_TEST_KEYRING=1
"$@" &
command_pid=$!
status=0
wait "$command_pid" || status=$?
command_pid=''
exit "$status"
