import { createCore, type Core, type CoreOptions } from '../../src-main/core/create-core'
import { SECRET_NAMES, type EnvironmentDraft, type SecretName } from '../../src-shared/environments'
import type {
  Channel,
  ChannelInput,
  ChannelOutput,
  FileFormat,
  FilePurpose,
  Result,
} from '../../src-shared/ipc'
import { makeTempDir } from './temp-dir'
import { throwawayKeychainService } from './test-keyring'

export interface TestCore {
  core: Core
  dataDirectory: string
  keychainService: string
  /** Every answer this core gave, for scanning for secrets. */
  answers: unknown[]
  call<C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>
  ok<C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>>
  /**
   * A file as the page gets it: the user picks `path` in main's dialog (the window), or types it
   * (the browser shell, the command line); answers the grant's handle.
   */
  file(path: string, purpose?: FilePurpose, format?: FileFormat): Promise<string>
  stop(): Promise<void>
}

/** The real main-process core on a private data folder and a throwaway keychain service. */
export function startTestCore(options: Partial<CoreOptions> = {}): TestCore {
  const dir = makeTempDir('core')
  const keychainService = throwawayKeychainService()
  // Main's file dialog, answered as a user who picks the file the test names next.
  const picks: string[] = []
  const core = createCore({
    dataDirectory: dir.path,
    version: '0.0.0-test',
    face: 'electron',
    keychainService,
    log: () => undefined,
    chooseFile: () => Promise.resolve(picks.shift() ?? null),
    ...options,
  })
  const answers: unknown[] = []
  async function call<C extends Channel>(channel: C, input?: ChannelInput<C>) {
    const result = (await core.dispatch(channel, input)) as Result<ChannelOutput<C>>
    answers.push(result)
    return result
  }
  async function ok<C extends Channel>(channel: C, input?: ChannelInput<C>) {
    const result = await call(channel, input)
    if (!result.ok)
      throw new Error(`${channel} failed: ${result.error.code} ${result.error.said.text}`)
    return result.data
  }
  return {
    core,
    dataDirectory: dir.path,
    keychainService,
    answers,
    call,
    ok,
    async file(path, purpose = 'open', format = 'csv') {
      const face = options.face ?? 'electron'
      if (face !== 'electron') return (await ok('files:typed', { purpose, format, path })).handle
      picks.push(path)
      const { file } = await ok('files:choose', { purpose, format, allFilesName: 'All files' })
      if (file === null) throw new Error('the file dialog chose nothing')
      return file.handle
    },
    async stop() {
      await core.dispose()
      dir.remove()
    },
  }
}

/**
 * Adds a staging environment on a test sandbox, with all three of its secrets, and makes it the
 * active one; returns its id. Its route (proxy, trust) is saved before the secrets are set: the
 * secrets are bound to the route, and a later change of it drops them.
 */
export async function useStagingSandbox(
  t: TestCore,
  sandbox: { baseUrl: string; credentials: Partial<Record<SecretName, string>> },
  name = 'Staging',
  route: Pick<EnvironmentDraft, 'proxy' | 'tls'> = {},
): Promise<string> {
  const saved = await t.ok('environments:save', {
    name,
    baseUrl: sandbox.baseUrl,
    kind: 'staging',
    userTokenScheme: 'hmac-sha256-hex',
    timeoutMs: 5000,
    ...route,
  })
  for (const secret of SECRET_NAMES) {
    const value = sandbox.credentials[secret]
    if (value !== undefined)
      await t.ok('environments:setSecret', { id: saved.id, name: secret, value })
  }
  await t.ok('environments:select', { id: saved.id })
  return saved.id
}

/** Starts creating the users of a file (token, status, first name); the run's id. */
export async function startCreating(
  t: TestCore,
  path: string,
  concurrency: number,
): Promise<string> {
  const plan = await t.ok('bulk:dryRun', {
    file: await t.file(path),
    mode: 'create',
    mapping: ['token', 'status', 'firstname'],
  })
  return (await t.ok('bulk:start', { planId: plan.planId, concurrency })).runId
}
