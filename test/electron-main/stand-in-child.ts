import { fork, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  PACKAGED_ENV,
  VERSION_ENV,
  type Answers,
  type ChildMessage,
  type Command,
  type CommandMessage,
} from './stand-in-protocol'

export const ROOT = resolve(import.meta.dirname, '../..')
/** The built main process, run as it is: never a copy, so its own folder decides what it loads. */
export const MAIN_ENTRY = join(ROOT, 'out', 'main', 'index.js')
export const OUT = dirname(dirname(MAIN_ENTRY))

const REGISTER = pathToFileURL(join(import.meta.dirname, 'register-stand-in.ts')).href

// Variables the test process may carry that would change what the main process does; each child
// gets only the ones its scenario sets.
const SCENARIO_VARIABLES = [
  'ELECTRON_RENDERER_URL',
  'INTEGRATOR_CONSOLE_USER_DATA',
  'INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE',
  'NODE_OPTIONS',
  PACKAGED_ENV,
  VERSION_ENV,
]

const START_TIMEOUT_MS = 20_000
const REPLY_TIMEOUT_MS = 15_000

export interface StandInChild {
  request<K extends Command['kind']>(command: Extract<Command, { kind: K }>): Promise<Answers[K]>
  /** Everything the child wrote to stdout and stderr, for failure messages. */
  output(): string
  stop(): Promise<void>
}

export interface ChildOptions {
  /** HOME for the child: the packaged app's default data folder must not be a person's own. */
  home: string
  env: Record<string, string>
}

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

/**
 * Forks the built main process with 'electron' resolved to the recording stand-in, and resolves
 * once its top level has run (before the stand-in's app is ready).
 */
export async function startStandInChild(options: ChildOptions): Promise<StandInChild> {
  if (!existsSync(MAIN_ENTRY))
    throw new Error(`${MAIN_ENTRY} is missing: run \`npm run build\` before this suite`)
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !SCENARIO_VARIABLES.includes(name)),
    ),
    HOME: options.home,
    XDG_CONFIG_HOME: join(options.home, '.config'),
    APPDATA: join(options.home, 'AppData', 'Roaming'),
    ...options.env,
  }

  const child: ChildProcess = fork(MAIN_ENTRY, [], {
    cwd: ROOT,
    env,
    // Replaces the test worker's own flags: the child gets the stand-in's hook and nothing else.
    execArgv: ['--import', REGISTER],
    serialization: 'advanced',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    if (output.length < 64_000) output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  const pending = new Map<number, Pending>()
  let nextId = 1
  let exited: string | undefined
  let markStarted: () => void = () => undefined
  let failStart: (error: Error) => void = () => undefined
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve
    failStart = reject
  })

  child.on('message', (message: ChildMessage) => {
    if (message.type === 'started') return markStarted()
    const waiting = pending.get(message.id)
    if (!waiting) return
    pending.delete(message.id)
    clearTimeout(waiting.timer)
    if (message.ok) waiting.resolve(message.value)
    else waiting.reject(new Error(`the stand-in failed: ${message.error}`))
  })
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `the child exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`
      const error = new Error(`${exited}; its output:\n${output}`)
      failStart(error)
      for (const waiting of pending.values()) {
        clearTimeout(waiting.timer)
        waiting.reject(error)
      }
      pending.clear()
      resolve()
    }),
  )

  const handle: StandInChild = {
    request<K extends Command['kind']>(command: Extract<Command, { kind: K }>) {
      if (exited) return Promise.reject(new Error(`${exited}; its output:\n${output}`))
      const id = nextId++
      return new Promise<Answers[K]>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new Error(`no reply to ${command.kind} within ${REPLY_TIMEOUT_MS} ms:\n${output}`))
        }, REPLY_TIMEOUT_MS)
        pending.set(id, { resolve: (value) => resolve(value as Answers[K]), reject, timer })
        const message: CommandMessage = { id, command }
        child.send(message)
      })
    },
    output: () => output,
    async stop() {
      if (!exited) child.kill('SIGKILL')
      await exit
    },
  }

  const timer = setTimeout(
    () => failStart(new Error(`the child did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
    START_TIMEOUT_MS,
  )
  try {
    await started
  } catch (error) {
    await handle.stop()
    throw error
  } finally {
    clearTimeout(timer)
  }
  return handle
}
