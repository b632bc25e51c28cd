#!/usr/bin/env bash
# Runs a command against a throwaway GNOME Keyring. Call it inside
# `dbus-run-session --config-file=scripts/test-bus.conf` so the keyring lives on a private session
# bus that starts no service by itself: tests never see a person's real keychain.
set -euo pipefail

# The daemon keeps its keyrings under XDG_DATA_HOME and its control socket under
# XDG_RUNTIME_DIR: both are private, so it cannot find, join or be joined by another keyring.
keyring_home=$(mktemp -d "${TMPDIR:-/tmp}/ic-keyring-data.XXXXXX")
keyring_runtime=$(mktemp -d "${TMPDIR:-/tmp}/ic-keyring-run.XXXXXX")
chmod 0700 "$keyring_home" "$keyring_runtime"
daemon_pid=''
command_pid=''

cleanup() {
  if [[ -n $command_pid ]]; then
    kill "$command_pid" 2>/dev/null || true
    wait "$command_pid" 2>/dev/null || true
  fi
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
start_daemon() {
  printf 'throwaway-test-keyring' |
    gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
  daemon_pid=$!
}

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

wait_until_ready() {
  for _ in $(seq 1 50); do
    if ! kill -0 "$daemon_pid" 2>/dev/null; then
      echo 'with-test-keyring: gnome-keyring-daemon exited before it was ready' >&2
      return 1
    fi
    if owned_by_our_daemon && canary_answers; then
      secret-tool clear "${canary[@]}"
      return 0
    fi
    sleep 0.2
  done
  echo 'with-test-keyring: the throwaway keyring did not answer a store and lookup within 10 s' >&2
  echo 'with-test-keyring: run it on a private bus: dbus-run-session --config-file=scripts/test-bus.conf -- bash scripts/with-test-keyring.sh CMD' >&2
  return 1
}

start_daemon
wait_until_ready || exit 1

export INTEGRATOR_CONSOLE_TEST_KEYRING=1
"$@" &
command_pid=$!
# gnome-keyring-daemon 42 can abort (GLib-ERROR in aes_negotiate) when a client leaves while its
# session is being opened. The keyring's items are on disk in its private folder, so a new daemon
# with the same folders and password serves them again; the calls made in between fail as a
# keychain that cannot be reached, which is what they would meet on a user's machine.
while true; do
  ended=''
  status=0
  wait -n -p ended "$command_pid" "$daemon_pid" || status=$?
  if [[ $ended == "$command_pid" ]]; then
    command_pid=''
    exit "$status"
  fi
  echo "with-test-keyring: the throwaway keyring stopped (status $status); starting it again" >&2
  start_daemon
  wait_until_ready || exit 1
done
