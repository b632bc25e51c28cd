import type { EnvironmentView } from '../../src-shared/environments'
import { cliSaid } from '../../src-shared/messages/cli-messages'
import type { Core } from '../core/create-core'
import type { Translate } from '../core/i18n/message-translator'
import { testHooks } from '../core/wiring/test-hooks'
import { callCore } from './call-core'
import { CliFailure, type CliIo, type GlobalOptions } from './cli-io'
import { cliDataFolder } from './data-folder'
import { EXIT } from './exit-codes'

/** An environment named on the command line: by its name (any case) or its id. */
export async function findEnvironment(
  core: Core,
  name: string,
  options: GlobalOptions,
  say: Translate,
): Promise<EnvironmentView> {
  const { environments } = await callCore(core, 'environments:list', undefined, options, say)
  const wanted = name.trim().toLowerCase()
  const found =
    environments.find((e) => e.name.toLowerCase() === wanted) ??
    environments.find((e) => e.id === name)
  if (found) return found
  throw new CliFailure(EXIT.badInput, cliSaid('noSuchEnvironment', { name }), [
    cliSaid('knownEnvironments', { names: environments.map((e) => `"${e.name}"`).join(', ') }),
  ])
}

/**
 * The core, loaded by the first command that needs it (`--help` and `jwt decode` do not), with
 * the command's way out and secrets, pinned to the environment --env names.
 */
export async function startCore(
  io: CliIo,
  options: GlobalOptions,
  version: string,
  say: Translate,
): Promise<Core> {
  // The variables are given for one environment: without its name, the command is incomplete.
  if (options.credentialsFromEnv && options.env === undefined)
    throw new CliFailure(EXIT.badInput, cliSaid('credentialsFromEnvNeedsEnv'))
  const [{ createCore }, { networkOverride }, { envCredentials }] = await Promise.all([
    import('../core/create-core'),
    import('./network-override'),
    import('./env-credentials'),
  ])
  const network = networkOverride(options)
  if ('problem' in network) throw new CliFailure(EXIT.badInput, network.problem)
  const hooks = testHooks(io.env, false)
  let namedEnvironment: string | undefined
  const core = createCore({
    dataDirectory: cliDataFolder(io.env).path,
    version,
    face: 'cli',
    ...(hooks.keychainService ? { keychainService: hooks.keychainService } : {}),
    ...(options.credentialsFromEnv
      ? { secretBackend: envCredentials(io.env, () => namedEnvironment) }
      : {}),
    ...(network.override ? { networkOverride: network.override } : {}),
  })
  if (options.env !== undefined) {
    namedEnvironment = (await findEnvironment(core, options.env, options, say)).id
    await core.pinEnvironment(namedEnvironment)
  }
  return core
}
