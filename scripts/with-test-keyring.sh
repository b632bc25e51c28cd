#!/usr/bin/env bash
# Runs a command against a throwaway GNOME Keyring. Call it inside `dbus-run-session` so the
# keyring lives on a private session bus: tests never see a person's real keychain.
set -euo pipefail

# The daemon keeps its keyrings under XDG_DATA_HOME and its control socket under
# XDG_RUNTIME_DIR: both are private, so it cannot find, join or be joined by another keyring.
keyring_home=$(mktemp -d "${TMPDIR:-/tmp}/ic-keyring-data.XXXXXX")
keyring_runtime=$(mktemp -d "${TMPDIR:-/tmp}/ic-keyring-run.XXXXXX")
chmod 0700 "$keyring_home" "$keyring_runtime"
daemon_pid=''

cleanup() {
  if [[ -n $daemon_pid ]]; then
    kill "$daemon_pid" 2>/dev/null || true
    wait "$daemon_pid" 2>/dev/null || true
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

# In the foreground (sent to the background here) so that its pid is ours to check and to kill.
printf 'throwaway-test-keyring' |
  gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
daemon_pid=$!

# The bus would start a daemon of its own (with the bus's environment, not ours) for any Secret
# Service call made before ours owns the name, so the canary waits for our daemon on the bus first.
owned_by_our_daemon() {
  local owner
  owner=$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus \
    /org/freedesktop/DBus org.freedesktop.DBus.GetConnectionUnixProcessID \
    string:org.freedesktop.secrets 2>/dev/null) || return 1
  [[ $(awk '{ print $2 }' <<<"$owner") == "$daemon_pid" ]]
}

canary=(integrator-console-test-keyring canary)
canary_answers() {
  printf 'canary' | secret-tool store --label='Integrator Console test keyring canary' \
    "${canary[@]}" 2>/dev/null || return 1
  [[ $(secret-tool lookup "${canary[@]}" 2>/dev/null) == canary ]]
}

ready=''
for _ in $(seq 1 50); do
  if ! kill -0 "$daemon_pid" 2>/dev/null; then
    echo 'with-test-keyring: gnome-keyring-daemon exited before it was ready' >&2
    exit 1
  fi
  if owned_by_our_daemon && canary_answers; then
    ready=yes
    break
  fi
  sleep 0.2
done
if [[ -z $ready ]]; then
  echo 'with-test-keyring: the throwaway keyring did not answer a store and lookup within 10 s' >&2
  echo 'with-test-keyring: run it on a private bus: dbus-run-session -- bash scripts/with-test-keyring.sh CMD' >&2
  exit 1
fi
secret-tool clear "${canary[@]}"

export INTEGRATOR_CONSOLE_TEST_KEYRING=1
"$@"
