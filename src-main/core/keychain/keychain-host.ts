import { fileURLToPath } from 'node:url'
import { KEYCHAIN_HOST_SOURCE } from './keychain-host-source'

/**
 * Where the keychain's native calls run, never on main's thread (see keychain-thread.ts).
 *
 * - `process`: a Node process of its own, wherever this runs in Node (the command line, the
 *   browser shell, tests). Nothing in it can keep this process from ending: Node waits for no
 *   child at exit, and one inside a keyring that never answers is killed then. Its descriptors
 *   are its own, so however many main holds, its bus connections stay far below 1024, where the
 *   addon spins in `select()`.
 * - `thread`: a worker thread, in Electron's main, where no Node process can be started (the
 *   packaged app's RunAsNode fuse is off, and a utility process needs a file the bundle does not
 *   ship). Node joins worker threads at exit and cannot interrupt a native call, so one inside the
 *   keyring would hold the exit until the keyring answers: then the process ends by SIGKILL.
 *
 * Measured on Linux, two busy cores: a host's first answer takes 70–80 ms either way (the
 * addon's load and a bus session), later ones 1–2 ms. With the keyring's daemon stopped mid-call,
 * SIGTERM or the end of its work ends the process within 30 ms with either kind; a worker thread
 * alone held it until the daemon answered (a search waits for good).
 */
export type HostKind = 'process' | 'thread'

export interface KeychainHost {
  /** A request; the host answers each with one message, in order. */
  send(request: object): void
  /** Whether the host keeps this process alive: only while one of its calls is under way. */
  hold(held: boolean): void
  /** Ends it: at once when idle, else once the keyring answers the call it is in. */
  end(): void
  /** Called as this process exits, `inCall` when the host is inside the keyring. */
  atExit(inCall: boolean): void
}

export interface HostEvents {
  message(message: unknown): void
  ended(reason: Error): void
}

/** The kind that works where this runs. */
export const hostKindHere = (): HostKind => ('electron' in process.versions ? 'thread' : 'process')

export function startKeychainHost(kind: HostKind, events: HostEvents): KeychainHost {
  // Resolved by main, from where each bundle keeps the addon external.
  const addon = fileURLToPath(import.meta.resolve('@napi-rs/keyring'))
  return kind === 'process' ? processHost(addon, events) : threadHost(addon, events)
}

// Each host's module is taken when a host starts (Node's ESM view of a built-in evaluates all its
// exports): a command given its secrets in variables starts none.
function processHost(addon: string, events: HostEvents): KeychainHost {
  const { spawn } = process.getBuiltinModule('node:child_process')
  const child = spawn(
    process.execPath,
    ['--input-type=commonjs', '-e', KEYCHAIN_HOST_SOURCE, addon],
    { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], windowsHide: true },
  )
  child.on('message', (message) => events.message(message))
  // It could not start: 'exit' may never come.
  child.on('error', (error) => events.ended(error))
  child.on('exit', (code, signal) =>
    events.ended(new Error(`The keychain process ended (${signal ?? String(code)}).`)),
  )
  return {
    // A request the ended process cannot take is failed by its 'exit'.
    send: (request) => child.send(request, () => undefined),
    hold(held) {
      if (held) {
        child.ref()
        child.channel?.ref()
      } else {
        child.unref()
        child.channel?.unref()
      }
    },
    end() {
      if (child.connected) child.disconnect()
    },
    // An idle one would end as its channel closes; one inside the keyring would stay there.
    atExit: () => child.kill('SIGKILL'),
  }
}

function threadHost(addon: string, events: HostEvents): KeychainHost {
  // None of main's Node options (a loader, an input type) are the host's: it is plain CommonJS.
  const { Worker } = process.getBuiltinModule('node:worker_threads')
  const worker = new Worker(KEYCHAIN_HOST_SOURCE, {
    eval: true,
    workerData: { addon },
    execArgv: [],
  })
  worker.on('message', (message: unknown) => events.message(message))
  worker.on('error', (error: Error) => events.ended(error))
  worker.on('exit', () => events.ended(new Error('The keychain thread ended.')))
  return {
    send: (request) => worker.postMessage(request),
    hold: (held) => (held ? worker.ref() : worker.unref()),
    // Not terminate(): a thread being terminated keeps this process alive until it has ended,
    // which a thread inside the keyring does only once the keyring answers.
    end: () => worker.postMessage({ op: 'end' }),
    atExit(inCall) {
      // The face's cleanup is done by now; process.exit() and reallyExit() would both wait for
      // the thread, SIGKILL does not.
      if (inCall) process.kill(process.pid, 'SIGKILL')
    },
  }
}
