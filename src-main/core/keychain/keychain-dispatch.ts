import type { HostEvents, KeychainHost } from './keychain-host'
import { KeychainNotAnswering } from './keychain-queue'
import { entryOf, nextStep, readReply, settle, type Call } from './keychain-calls'

/** The keychain thread's hosts and calls (see keychain-thread.ts), moved by the functions here. */
export interface ThreadState {
  maxEntries: number
  startHost: (events: HostEvents) => KeychainHost
  host: KeychainHost | undefined
  // The entries `host` holds, by service and account.
  holds: Set<string>
  // A host left inside a call that was given up, until it ends.
  stuck: KeychainHost | undefined
  // A replaced idle host, until it has ended: the next one starts after it.
  retiring: KeychainHost | undefined
  // Every host started and not ended yet, each told when this process exits.
  live: Set<KeychainHost>
  current: Call | undefined
  waiting: Call[]
  atExit: () => void
}

export function newThreadState(
  maxEntries: number,
  startHost: (events: HostEvents) => KeychainHost,
): ThreadState {
  const state: ThreadState = {
    maxEntries,
    startHost,
    host: undefined,
    holds: new Set(),
    stuck: undefined,
    retiring: undefined,
    live: new Set(),
    current: undefined,
    waiting: [],
    atExit: () => {
      for (const each of state.live)
        each.atExit(each === state.stuck || (each === state.host && state.current !== undefined))
    },
  }
  return state
}

function start(state: ThreadState): KeychainHost {
  const started: KeychainHost = state.startHost({
    message: (message) => answered(state, started, message),
    ended: (reason) => ended(state, started, reason),
  })
  if (state.live.size === 0) process.on('exit', state.atExit)
  state.live.add(started)
  return started
}

/** Sends the calls in line to the host, one at a time, while none is in flight. */
export function pump(state: ThreadState): void {
  while (state.current === undefined && state.retiring === undefined) {
    const call = state.waiting.shift()
    if (call === undefined) {
      state.host?.hold(false)
      return
    }
    const entry = entryOf(call.request)
    const step = nextStep(
      {
        stuck: state.stuck !== undefined,
        hostHolds: state.host && state.holds,
        maxEntries: state.maxEntries,
      },
      entry,
    )
    if (step === 'refuse') {
      settle(call, () => call.reject(new KeychainNotAnswering()))
      continue
    }
    if (step === 'replace-host') {
      state.waiting.unshift(call)
      retire(state)
      return
    }
    try {
      state.host ??= start(state)
    } catch (error) {
      // The addon cannot be found, or no host can start: this call says so.
      settle(call, () => call.reject(error))
      continue
    }
    if (entry !== undefined) state.holds.add(entry)
    state.current = call
    state.host.hold(true)
    state.host.send(call.request)
  }
}

/** Replaces the idle host; its entries, and so their connections, end with it. */
function retire(state: ThreadState): void {
  state.retiring = state.host
  state.host = undefined
  state.holds = new Set()
  state.retiring?.end()
}

/**
 * The host is inside the keyring for a call that no longer waits for it, and cannot be
 * interrupted there: it ends once the keyring answers; until then no other host is started.
 */
export function abandon(state: ThreadState): void {
  const stuck = state.host
  state.stuck = stuck
  state.host = undefined
  state.holds = new Set()
  state.current = undefined
  stuck?.hold(false)
  stuck?.end()
  pump(state)
}

function answered(state: ThreadState, from: KeychainHost, message: unknown): void {
  const call = state.current
  // A stuck host's late answer: its call was given up already.
  if (from !== state.host || call === undefined) return
  state.current = undefined
  const reading = readReply(message, call.request.id)
  if (reading.ok) settle(call, () => call.resolve(reading.value))
  else {
    if (reading.replaceHost) retire(state)
    settle(call, () => call.reject(reading.error))
  }
  pump(state)
}

function ended(state: ThreadState, which: KeychainHost, reason: Error): void {
  state.live.delete(which)
  if (state.live.size === 0) process.off('exit', state.atExit)
  if (which === state.stuck) state.stuck = undefined
  if (which === state.retiring) state.retiring = undefined
  if (which === state.host) {
    state.host = undefined
    state.holds = new Set()
    const call = state.current
    state.current = undefined
    if (call !== undefined) settle(call, () => call.reject(reason))
  }
  pump(state)
}
