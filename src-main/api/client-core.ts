import type { ChannelInput, ChannelOutput, Channel, Result } from '../../src-shared/ipc'
import { createCore } from '../core/create-core'
import type { SecretBackend } from '../core/keychain/vault'
import type { ClientOptions } from './client'
import { apiWorded } from './api-wording'
import { IntegratorConsoleError } from './client-errors'
import { clientFolder } from './client-folders'

export type CoreCall = <C extends Channel>(
  channel: C,
  input: ChannelInput<C>,
  fieldOf?: (field: string) => string,
) => Promise<ChannelOutput<C>>

/** The option's name for a field the core names by its channel's input. */
function apiField(field: string): string {
  if (field === 'baseUrl') return 'url'
  return field.replace(/^(user|changes)\./, '')
}

/** Secrets held in this process only: given in code, they are never written anywhere. */
function memorySecrets(): SecretBackend {
  const held = new Map<string, string>()
  return {
    get: (account) => Promise.resolve(held.get(account) ?? null),
    set: (account, value) => Promise.resolve(void held.set(account, value)),
    delete: (account) => Promise.resolve(void held.delete(account)),
  }
}

/**
 * A core of the client's own, on one environment: the given service, its secrets in memory, its
 * settings (no secret) in a folder of its own under the system's temporary folder, removed by
 * close(). Every call answers its data or throws an IntegratorConsoleError.
 */
export async function openClientCore(
  options: ClientOptions,
): Promise<{ call: CoreCall; close: () => Promise<void> }> {
  const folder = await clientFolder()
  const core = createCore({
    dataDirectory: folder.path,
    version: 'api',
    face: 'cli',
    secretBackend: memorySecrets(),
    log: () => undefined,
  })
  const call: CoreCall = async (channel, input, fieldOf = apiField) => {
    const result = (await core.dispatch(channel, input)) as Result<ChannelOutput<typeof channel>>
    if (result.ok) return result.data
    throw new IntegratorConsoleError(apiWorded(result.error), { fieldOf })
  }
  const close = async () => {
    try {
      await core.dispose()
    } finally {
      await folder.remove()
    }
  }
  try {
    const saved = await call('environments:save', {
      name: 'Node API',
      baseUrl: options.url,
      kind: 'staging',
      userTokenScheme: options.userTokenScheme ?? 'hmac-sha256-hex',
      timeoutMs: options.timeoutMs ?? 15_000,
    })
    const secrets = [
      ['apiKey', options.apiKey],
      ['secretKey', options.secretKey],
      ['userTokenSecret', options.userTokenSecret],
    ] as const
    for (const [name, value] of secrets)
      if (value !== undefined)
        await call('environments:setSecret', { id: saved.id, name, value }, () => name)
    await core.pinEnvironment(saved.id)
  } catch (error) {
    await close()
    throw error
  }
  return { call, close }
}
