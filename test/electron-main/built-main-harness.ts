// What the built-main test files share: the stand-in child's fixed inputs, its lifecycle within a
// describe block, the unpackaged start most files use, and reading its recording and answers.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll } from 'vitest'
import {
  contract,
  resultSchema,
  type Channel,
  type ChannelOutput,
  type Result,
} from '../../src-shared/ipc'
import { APP_URL } from '../../src-main/window-security'
import { makeTempDir } from '../helpers/temp-dir'
import { throwawayKeychainService } from '../helpers/test-keyring'
import { OUT, startStandInChild, type StandInChild } from './stand-in-child'
import {
  VERSION_ENV,
  type RecordedCall,
  type Recording,
  type StandInFrame,
} from './stand-in-protocol'

export const VERSION = '9.8.7-stand-in'
export const DEV_URL = 'http://127.0.0.1:5173/'
export const PRELOAD = join(OUT, 'preload', 'index.cjs')
export const RENDERER = join(OUT, 'renderer')
export const TRUSTED: StandInFrame = { url: APP_URL, parent: null }

export const secretTool = (...args: string[]) => promisify(execFile)('secret-tool', args)

export function callsTo(recording: Recording, api: string): RecordedCall[] {
  return recording.calls.filter((call) => call.api === api)
}

export function argsOf(recording: Recording, api: string): unknown[][] {
  return callsTo(recording, api).map((call) => call.args)
}

export function webPreferencesOf(recording: Recording): unknown {
  const [options] = argsOf(recording, 'new BrowserWindow').map(
    ([first]) => first as { webPreferences?: unknown },
  )
  return options?.webPreferences
}

export async function invoke<C extends Channel>(
  child: StandInChild,
  channel: C,
  senderFrame: StandInFrame | null = TRUSTED,
  input?: unknown,
): Promise<Result<ChannelOutput<C>>> {
  const answer = await child.request({ kind: 'invoke', channel, input, senderFrame })
  // Parsing with the contract proves the answer is the channel's envelope, not just any object.
  return resultSchema(contract[channel].output).parse(answer) as Result<ChannelOutput<C>>
}

export interface StandInChildren {
  /** A temporary folder, removed after the describe block's tests. */
  tempDir: (prefix: string) => string
  /** A child running the built main process, stopped after the describe block's tests. */
  startChild: (env: Record<string, string>, home?: string) => Promise<StandInChild>
}

/** Children and folders for the calling describe block, cleaned up after its tests. */
export function useStandInChildren(): StandInChildren {
  const cleanups: (() => void | Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  function tempDir(prefix: string): string {
    const dir = makeTempDir(prefix)
    cleanups.push(dir.remove)
    return dir.path
  }

  async function startChild(
    env: Record<string, string>,
    home = tempDir('stand-in-home'),
  ): Promise<StandInChild> {
    const child = await startStandInChild({ home, env: { [VERSION_ENV]: VERSION, ...env } })
    cleanups.push(() => child.stop())
    return child
  }

  return { tempDir, startChild }
}

export interface UnpackagedChild {
  child: StandInChild
  /** What the main process asked of Electron before the app was ready, and after. */
  beforeReady: Recording
  afterReady: Recording
  userData: string
  keychainService: string
}

/**
 * The unpackaged main process serving the built page over its own scheme, on a data folder and
 * keychain service of its own, recorded before and after the stand-in's app is ready.
 */
export async function startUnpackaged(children: StandInChildren): Promise<UnpackagedChild> {
  const userData = children.tempDir('stand-in-data')
  const keychainService = throwawayKeychainService()
  const child = await children.startChild({
    INTEGRATOR_CONSOLE_USER_DATA: userData,
    INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: keychainService,
  })
  const beforeReady = await child.request({ kind: 'recording' })
  const afterReady = await child.request({ kind: 'ready' })
  return { child, beforeReady, afterReady, userData, keychainService }
}
