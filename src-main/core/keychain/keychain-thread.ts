import { z } from 'zod'
import {
  hostKindHere,
  startKeychainHost,
  type HostEvents,
  type KeychainHost,
} from './keychain-host'
import { KeychainNotAnswering } from './keychain-queue'
import { leftMidCall } from './keychain-restart'

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

type Request =
  | { op: 'get' | 'delete'; service: string; account: string }
  | { op: 'set'; service: string; account: string; value: string }
  | { op: 'find'; service: string }

const REPLY = z.union([
  z.object({ id: z.number(), ok: z.literal(true), value: z.unknown() }),
  z.object({ id: z.number(), ok: z.literal(false), message: z.string() }),
])
const PASSWORD = z.string().nullable()
const CREDENTIALS = z.array(z.object({ account: z.string(), password: z.string() }))

interface Call {
  request: Request & { id: number }
  resolve(value: unknown): void
  reject(reason: unknown): void
  signal: AbortSignal
  onAbort: () => void
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
  let host: KeychainHost | undefined
  // The entries `host` holds, by service and account.
  let holds = new Set<string>()
  // A host left inside a call that was given up, until it ends.
  let stuck: KeychainHost | undefined
  // A replaced idle host, until it has ended: the next one starts after it.
  let retiring: KeychainHost | undefined
  // Every host started and not ended yet, each told when this process exits.
  const live = new Set<KeychainHost>()
  let current: Call | undefined
  const waiting: Call[] = []
  let lastId = 0

  const entryOf = (request: Request) =>
    request.op === 'find' ? undefined : `${request.service}\u0000${request.account}`

  const atExit = () => {
    for (const each of live) each.atExit(each === stuck || (each === host && current !== undefined))
  }

  function start(): KeychainHost {
    const started: KeychainHost = startHost({
      message: (message) => answered(started, message),
      ended: (reason) => ended(started, reason),
    })
    if (live.size === 0) process.on('exit', atExit)
    live.add(started)
    return started
  }

  function pump(): void {
    while (current === undefined && retiring === undefined) {
      const call = waiting.shift()
      if (call === undefined) {
        host?.hold(false)
        return
      }
      if (stuck !== undefined) {
        settle(call, () => call.reject(new KeychainNotAnswering()))
        continue
      }
      const entry = entryOf(call.request)
      if (host && entry !== undefined && !holds.has(entry) && holds.size >= maxEntries) {
        waiting.unshift(call)
        retire()
        return
      }
      try {
        host ??= start()
      } catch (error) {
        // The addon cannot be found, or no host can start: this call says so.
        settle(call, () => call.reject(error))
        continue
      }
      if (entry !== undefined) holds.add(entry)
      current = call
      host.hold(true)
      host.send(call.request)
    }
  }

  /** Replaces the idle host; its entries, and so their connections, end with it. */
  function retire(): void {
    retiring = host
    host = undefined
    holds = new Set()
    retiring?.end()
  }

  /**
   * The host is inside the keyring for a call that no longer waits for it, and cannot be
   * interrupted there: it ends once the keyring answers; until then no other host is started.
   */
  function abandon(): void {
    stuck = host
    host = undefined
    holds = new Set()
    current = undefined
    stuck?.hold(false)
    stuck?.end()
    pump()
  }

  function settle(call: Call, how: () => void): void {
    call.signal.removeEventListener('abort', call.onAbort)
    how()
  }

  function answered(from: KeychainHost, message: unknown): void {
    const call = current
    // A stuck host's late answer: its call was given up already.
    if (from !== host || call === undefined) return
    current = undefined
    const reply = REPLY.safeParse(message)
    if (!reply.success || reply.data.id !== call.request.id) {
      // Not this call's answer: none of the host's answers can be matched to a call any more, so
      // it is replaced (it answered, so it is not inside the keyring). The vault tells the
      // call's failure as the keychain being unusable.
      retire()
      settle(call, () => call.reject(new Error('The keychain host answered out of step.')))
    } else if (reply.data.ok) {
      const { value } = reply.data
      settle(call, () => call.resolve(value))
    } else {
      const error = new Error(reply.data.message)
      // Its sessions belong to a keyring process that is gone: a call asked again needs new ones.
      if (leftMidCall(error)) retire()
      settle(call, () => call.reject(error))
    }
    pump()
  }

  function ended(which: KeychainHost, reason: Error): void {
    live.delete(which)
    if (live.size === 0) process.off('exit', atExit)
    if (which === stuck) stuck = undefined
    if (which === retiring) retiring = undefined
    if (which === host) {
      host = undefined
      holds = new Set()
      const call = current
      current = undefined
      if (call !== undefined) settle(call, () => call.reject(reason))
    }
    pump()
  }

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
          const queued = waiting.indexOf(call)
          if (queued >= 0) waiting.splice(queued, 1)
          else if (current === call) abandon()
        },
      }
      signal.addEventListener('abort', call.onAbort, { once: true })
      waiting.push(call)
      pump()
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

/** Why a call was given up: its signal's reason. */
function givenUp(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  return reason instanceof Error ? reason : new Error('The keychain call was given up.')
}

let shared: KeychainThread | undefined

/** The process's keychain thread, made on first use (it starts on the first call). */
export function keychainThread(): KeychainThread {
  return (shared ??= createKeychainThread())
}
