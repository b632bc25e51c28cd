import { Option, type Command } from 'commander'
import {
  ENVIRONMENT_KINDS,
  isLoopbackUrl,
  TIMEOUT_LIMITS,
  type EnvironmentKind,
  type EnvironmentView,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { USER_TOKEN_SCHEMES, type UserTokenScheme } from '../../../src-shared/service'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import type { CliContext } from '../cli-context'
import { wholeNumber, withGlobalOptions, type Act } from '../command-kit'
import { cliDataFolder } from '../data-folder'
import {
  networkLine,
  proxyOfOptions,
  tlsOfOptions,
  withNetworkOptions,
  type NetworkOptions,
} from './env-network-options'

interface ProfileOptions extends NetworkOptions {
  name?: string
  baseUrl?: string
  kind?: EnvironmentKind
  scheme?: UserTokenScheme
  timeoutMs?: number
}

function withProfileOptions(command: Command, editing: boolean): Command {
  return command
    .addOption(
      new Option(
        '--kind <kind>',
        editing
          ? 'sandbox, staging or production'
          : 'sandbox on this machine, staging elsewhere, unless given',
      ).choices(ENVIRONMENT_KINDS),
    )
    .addOption(
      new Option(
        '--scheme <scheme>',
        'how an identifier becomes a userToken (hmac-sha256-hex is sent as lowercase hex)',
      ).choices(USER_TOKEN_SCHEMES),
    )
    .option(
      '--timeout-ms <ms>',
      'per-call timeout',
      wholeNumber('--timeout-ms', TIMEOUT_LIMITS.min, TIMEOUT_LIMITS.max),
    )
}

function saved(context: CliContext, verb: string, environment: EnvironmentView): void {
  context.out(
    `${verb} ${environment.name} [${environment.kind}] ${environment.baseUrl}${networkLine(environment)}`,
  )
}

export function envAddCommand(env: Command, act: Act): void {
  const command = withGlobalOptions(env.command('add <name>'))
    .description('add an environment (its secrets: env set-secret)')
    .requiredOption('--base-url <url>', 'the service base URL')
  withNetworkOptions(withProfileOptions(command, false), false).action(
    act(async (context, name: string, options: ProfileOptions & { baseUrl: string }) => {
      const tls = await tlsOfOptions(context, options, undefined)
      const environment = await context.call('environments:save', {
        name,
        baseUrl: options.baseUrl,
        kind: options.kind ?? (isLoopbackUrl(options.baseUrl) ? 'sandbox' : 'staging'),
        userTokenScheme: options.scheme ?? 'hmac-sha256-hex',
        timeoutMs: options.timeoutMs ?? TIMEOUT_LIMITS.default,
        proxy: proxyOfOptions(options, undefined) ?? { mode: 'system' },
        ...(tls === undefined ? {} : { tls }),
      })
      saved(context, 'Added', environment)
      // A suite's `env add` would otherwise land in the desktop's list unseen: say where it went.
      const folder = cliDataFolder(context.io.env)
      if (folder.window) context.tell(cliSaid('addedToWindowList', { folder: folder.path }))
    }),
  )
}

export function envEditCommand(env: Command, act: Act): void {
  const command = withGlobalOptions(env.command('edit <name>'))
    .description('change an environment; what is not named stays as it is')
    .option('--name <name>', 'a new name')
    .option('--base-url <url>', 'a new service base URL (its secrets are dropped: set them again)')
  withNetworkOptions(withProfileOptions(command, true), true).action(
    act(async (context, name: string, options: ProfileOptions) => {
      const current = await context.environment(name)
      const tls = await tlsOfOptions(context, options, current.tls)
      const environment = await context.call('environments:save', {
        id: current.id,
        name: options.name ?? current.name,
        baseUrl: options.baseUrl ?? current.baseUrl,
        kind: options.kind ?? current.kind,
        userTokenScheme: options.scheme ?? current.userTokenScheme,
        timeoutMs: options.timeoutMs ?? current.timeoutMs,
        maxResponseKiB: current.maxResponseKiB,
        proxy: proxyOfOptions(options, current.proxy) ?? current.proxy,
        ...(tls === undefined ? {} : { tls }),
      })
      saved(context, 'Changed', environment)
      // The route changed under the secrets (core removed them): said here, not found later.
      const had = Object.values(current.secrets ?? {}).some(Boolean)
      if (had && !Object.values(environment.secrets ?? {}).some(Boolean))
        context.tell(said('secretsDroppedWithRoute', { environment: environment.name }))
    }),
  )
}
