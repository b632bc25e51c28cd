import { CREDENTIALS, givenUp, PASSWORD, type Call, type Request } from './keychain-calls'
import { abandon, newThreadState, pump } from './keychain-dispatch'
import {
  hostKindHere,
  startKeychainHost,
  type HostEvents,
  type KeychainHost,
} from './keychain-host'

/**
 * The process's one way to the OS keychain: every call of @napi-rs/keyring runs in one keychain
 * host (keychain-host.ts: a process of its own, or a worker thread in Electron), never on main's
 * thread (a keyring that does not answer must not stall main's event loop, and the addon's
 * connection set-up is synchronous). The host keeps one entry, so one bus connection, per service
 * and account it was asked about, and at most `maxEntries` of them: past that it is replaced by a
 * fresh one, whose end closes them all (an entry has no close of its own, and one dropped waits
 * for a garbage collection that may never come). So the descriptors the keychain holds stay
 * bounded however many calls are made.
 *
 * A call given up while the host is inside the keyring leaves that host stuck until the keyring
 * answers: it is told to end (its connections close when it does) and, until it has, other calls
 * answer at once that the keychain is not answering instead of starting a host that would wait
 * on the same keyring. So at most one keychain host exists at a time. A host still inside the
 * keyring when this process exits is ended then (see keychain-host.ts): no keychain call keeps
 * the process from ending.
 */
export interface KeychainThread {
  get(service: string, account: string, signal: AbortSignal): Promise<string | null>
  set(service: string, account: string, value: string, signal: AbortSignal): Promise<void>
  delete(service: string, account: string, signal: AbortSignal): Promise<void>
  /** Every credential of the service, found in one search of the keychain. */
  find(service: string, signal: AbortSignal): Promise<{ account: string; password: string }[]>
}

/**
 * Entries a host may hold. An environment has six (five secrets and their binding), each read on
 * its own when a search does not list it (an environment with no secrets yet): forty environments
 * are listed without a replacement mid-list, which costs a new host, the addon's load and new bus
 * sessions. Its connections stay far below the 1024 descriptors where the addon spins, and below
 * the session bus's connections per user.
 */
const MAX_ENTRIES = 256

export interface KeychainThreadOptions {
  maxEntries?: number
  /** Starts a host: by default, the kind that works where this runs. */
  startHost?: (events: HostEvents) => KeychainHost
}

export function createKeychainThread({
  maxEntries = MAX_ENTRIES,
  startHost = (events) => startKeychainHost(hostKindHere(), events),
}: KeychainThreadOptions = {}): KeychainThread {
  const state = newThreadState(maxEntries, startHost)
  let lastId = 0

  function ask(request: Request, signal: AbortSignal): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(givenUp(signal))
      const call: Call = {
        request: { ...request, id: ++lastId },
        resolve,
        reject,
        signal,
        onAbort: () => {
          reject(givenUp(signal))
          const queued = state.waiting.indexOf(call)
          if (queued >= 0) state.waiting.splice(queued, 1)
          else if (state.current === call) abandon(state)
        },
      }
      signal.addEventListener('abort', call.onAbort, { once: true })
      state.waiting.push(call)
      pump(state)
    })
  }

  return {
    get: async (service, account, signal) =>
      PASSWORD.parse(await ask({ op: 'get', service, account }, signal)),
    set: async (service, account, value, signal) => {
      await ask({ op: 'set', service, account, value }, signal)
    },
    delete: async (service, account, signal) => {
      await ask({ op: 'delete', service, account }, signal)
    },
    find: async (service, signal) => CREDENTIALS.parse(await ask({ op: 'find', service }, signal)),
  }
}

let shared: KeychainThread | undefined

/** The process's keychain thread, made on first use (it starts on the first call). */
export function keychainThread(): KeychainThread {
  return (shared ??= createKeychainThread())
}
