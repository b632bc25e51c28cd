import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { z } from 'zod'
import { KeychainNotAnswering } from './keychain-queue'
import { leftMidCall } from './keychain-restart'
import { KEYCHAIN_WORKER_SOURCE } from './keychain-worker-source'

/**
 * The process's one way to the OS keychain: every call of @napi-rs/keyring runs on one worker
 * thread, never on main's (a keyring that does not answer must not stall main's event loop, and
 * the addon's connection set-up is synchronous). The thread keeps one entry, so one bus
 * connection, per service and account it was asked about, and at most `maxEntries` of them: past
 * that it is replaced by a fresh one, whose end closes them all (an entry has no close of its
 * own, and one dropped waits for a garbage collection that may never come). So the descriptors
 * the keychain holds stay bounded however many calls are made.
 *
 * A call given up while the thread is inside the keyring leaves that thread stuck until the
 * keyring answers: it is told to end (its connections close when it does) and, until it has,
 * other calls answer at once that the keychain is not answering instead of starting a thread
 * that would wait on the same keyring. So at most one keychain thread exists at a time.
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

/** Entries a thread may hold: five environments' secrets and bindings, and a few more. */
const MAX_ENTRIES = 32

export function createKeychainThread({ maxEntries = MAX_ENTRIES } = {}): KeychainThread {
  let worker: Worker | undefined
  // The entries `worker` holds, by service and account.
  let holds = new Set<string>()
  // A thread left inside a call that was given up, until it ends.
  let stuck: Worker | undefined
  // A replaced idle thread, until it has ended: the next one starts after it.
  let retiring: Promise<unknown> | undefined
  let current: Call | undefined
  const waiting: Call[] = []
  let lastId = 0

  const entryOf = (request: Request) =>
    request.op === 'find' ? undefined : `${request.service}\u0000${request.account}`

  function start(): Worker {
    // Resolved by main, from where each bundle keeps the addon external.
    const addon = fileURLToPath(import.meta.resolve('@napi-rs/keyring'))
    const started = new Worker(KEYCHAIN_WORKER_SOURCE, { eval: true, workerData: { addon } })
    started.on('message', (message: unknown) => answered(started, message))
    started.on('error', (error: Error) => ended(started, error))
    started.on('exit', () => ended(started, new Error('The keychain thread ended.')))
    return started
  }

  function pump(): void {
    while (current === undefined && retiring === undefined) {
      const call = waiting.shift()
      if (call === undefined) {
        worker?.unref()
        return
      }
      if (stuck !== undefined) {
        settle(call, () => call.reject(new KeychainNotAnswering()))
        continue
      }
      const entry = entryOf(call.request)
      if (worker && entry !== undefined && !holds.has(entry) && holds.size >= maxEntries) {
        waiting.unshift(call)
        retire()
        return
      }
      try {
        worker ??= start()
      } catch (error) {
        // The addon cannot be found, or no thread can start: this call says so.
        settle(call, () => call.reject(error))
        continue
      }
      if (entry !== undefined) holds.add(entry)
      current = call
      worker.ref()
      worker.postMessage(call.request)
    }
  }

  /** Replaces the idle thread; its entries, and so their connections, end with it. */
  function retire(): void {
    const old = worker
    worker = undefined
    holds = new Set()
    if (old !== undefined)
      retiring = old.terminate().finally(() => {
        retiring = undefined
        pump()
      })
  }

  function settle(call: Call, how: () => void): void {
    call.signal.removeEventListener('abort', call.onAbort)
    how()
  }

  function answered(from: Worker, message: unknown): void {
    const call = current
    // A stuck thread's late answer: its call was given up already.
    if (from !== worker || call === undefined) return
    current = undefined
    const reply = REPLY.parse(message)
    if (reply.ok) settle(call, () => call.resolve(reply.value))
    else {
      const error = new Error(reply.message)
      // Its sessions belong to a keyring process that is gone: a call asked again needs new ones.
      if (leftMidCall(error)) retire()
      settle(call, () => call.reject(error))
    }
    pump()
  }

  function ended(which: Worker, error: Error): void {
    if (which === stuck) stuck = undefined
    if (which === worker) {
      worker = undefined
      holds = new Set()
      const call = current
      current = undefined
      if (call !== undefined) settle(call, () => call.reject(error))
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
          else if (current === call && worker !== undefined) {
            // The thread is inside the keyring and cannot be interrupted there: it ends once the
            // keyring answers; until then no other thread is started.
            stuck = worker
            worker = undefined
            holds = new Set()
            current = undefined
            stuck.unref()
            void stuck.terminate()
            pump()
          }
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
