import { createCore, type Core, type CoreOptions } from '../../src-main/core/create-core'
import { SECRET_NAMES, type SecretName } from '../../src-shared/environments'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/ipc'
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
  stop(): Promise<void>
}

/** The real main-process core on a private data folder and a throwaway keychain service. */
export function startTestCore(options: Partial<CoreOptions> = {}): TestCore {
  const dir = makeTempDir('core')
  const keychainService = throwawayKeychainService()
  const core = createCore({
    dataDirectory: dir.path,
    version: '0.0.0-test',
    face: 'electron',
    keychainService,
    log: () => undefined,
    ...options,
  })
  const answers: unknown[] = []
  async function call<C extends Channel>(channel: C, input?: ChannelInput<C>) {
    const result = (await core.dispatch(channel, input)) as Result<ChannelOutput<C>>
    answers.push(result)
    return result
  }
  return {
    core,
    dataDirectory: dir.path,
    keychainService,
    answers,
    call,
    async ok(channel, input) {
      const result = await call(channel, input)
      if (!result.ok)
        throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`)
      return result.data
    },
    async stop() {
      await core.dispose()
      dir.remove()
    },
  }
}

/**
 * Adds a staging environment on a test sandbox, with all three of its secrets, and makes it the
 * active one; returns its id.
 */
export async function useStagingSandbox(
  t: TestCore,
  sandbox: { baseUrl: string; credentials: Record<SecretName, string> },
  name = 'Staging',
): Promise<string> {
  const saved = await t.ok('environments:save', {
    name,
    baseUrl: sandbox.baseUrl,
    kind: 'staging',
    userTokenScheme: 'hmac-sha256-hex',
    timeoutMs: 5000,
  })
  for (const secret of SECRET_NAMES)
    await t.ok('environments:setSecret', {
      id: saved.id,
      name: secret,
      value: sandbox.credentials[secret],
    })
  await t.ok('environments:select', { id: saved.id })
  return saved.id
}
