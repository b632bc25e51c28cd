import { Option, type Command } from 'commander'
import {
  ENVIRONMENT_KINDS,
  isLoopbackUrl,
  SECRET_NAMES,
  SYSTEM_PROXY,
  TIMEOUT_LIMITS,
  type EnvironmentKind,
  type EnvironmentView,
  type ProxySetting,
  type ProxySettingInput,
  type SecretName,
} from '../../../src-shared/environments'
import { USER_TOKEN_SCHEMES, type UserTokenScheme } from '../../../src-shared/service'
import { CliFailure, EXIT } from '../cli-context'
import { formatOption, wholeNumber, withGlobalOptions, type Act } from '../command-kit'
import { readSecret } from '../secret-input'
import { envTestCommand } from './env-test-command'

function secretsLine(environment: EnvironmentView): string {
  if (environment.secrets === null) return 'secrets: unknown (keychain unavailable)'
  const set = SECRET_NAMES.filter((name) => environment.secrets?.[name])
  const missing = SECRET_NAMES.filter((name) => !environment.secrets?.[name])
  return `secrets set: ${set.join(', ') || 'none'}${missing.length ? `; missing: ${missing.join(', ')}` : ''}`
}

/** The --proxy option: a mode by name, or a proxy's URL (checked by core, as the window's is). */
function proxySetting(value: string): ProxySettingInput {
  return value === 'system' || value === 'none' ? { mode: value } : { mode: 'url', url: value }
}

/** How an environment's calls leave, when not as this computer is set up. */
function proxyLine(proxy: ProxySetting): string {
  return proxy.mode === 'url' ? `  via ${proxy.url}` : proxy.mode === 'none' ? '  no proxy' : ''
}

export function envCommands(program: Command, act: Act): void {
  const env = program
    .command('env')
    .description('environments: list them, choose the active one, test, add, remove, set secrets')

  withGlobalOptions(env.command('list'))
    .description('list the environments; * marks the active one')
    .addOption(formatOption(['text', 'json'], 'text'))
    .action(
      act(async (context, options: { format: string }) => {
        const list = await context.call('environments:list')
        for (const notice of list.notices) context.note(`note: ${context.say(notice)}`)
        if (options.format === 'json') {
          context.out(JSON.stringify(list, null, 2))
          return
        }
        for (const e of list.environments) {
          const active = e.id === list.activeId ? '*' : ' '
          context.out(
            `${active} ${e.name}  [${e.kind}]  ${e.baseUrl}${proxyLine(e.proxy)}  ${secretsLine(e)}`,
          )
        }
      }),
    )

  withGlobalOptions(env.command('use <name>'))
    .description('make this environment the active one (the window follows it too)')
    .action(
      act(async (context, name: string) => {
        const chosen = await context.environment(name)
        await context.call('environments:select', { id: chosen.id })
        context.out(`Active environment: ${chosen.name}`)
      }),
    )

  envTestCommand(env, act)

  withGlobalOptions(env.command('add <name>'))
    .description('add an environment (its secrets: env set-secret)')
    .requiredOption('--base-url <url>', 'the service base URL')
    .addOption(
      new Option(
        '--kind <kind>',
        'sandbox on this machine, staging elsewhere, unless given',
      ).choices(ENVIRONMENT_KINDS),
    )
    .addOption(
      new Option('--scheme <scheme>', 'how an identifier becomes a userToken')
        .choices(USER_TOKEN_SCHEMES)
        .default('hmac-sha256-hex'),
    )
    .option(
      '--timeout-ms <ms>',
      'per-call timeout',
      wholeNumber('--timeout-ms', TIMEOUT_LIMITS.min, TIMEOUT_LIMITS.max),
      TIMEOUT_LIMITS.default,
    )
    .option(
      '--proxy <proxy>',
      'system (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY, as curl reads them), none, or a proxy URL',
      proxySetting,
      SYSTEM_PROXY,
    )
    .action(
      act(
        async (
          context,
          name: string,
          options: {
            baseUrl: string
            kind?: EnvironmentKind
            scheme: UserTokenScheme
            timeoutMs: number
            proxy: ProxySettingInput
          },
        ) => {
          const saved = await context.call('environments:save', {
            name,
            baseUrl: options.baseUrl,
            kind: options.kind ?? (isLoopbackUrl(options.baseUrl) ? 'sandbox' : 'staging'),
            userTokenScheme: options.scheme,
            timeoutMs: options.timeoutMs,
            proxy: options.proxy,
          })
          context.out(
            `Added ${saved.name} [${saved.kind}] ${saved.baseUrl}${proxyLine(saved.proxy)}`,
          )
        },
      ),
    )

  withGlobalOptions(env.command('remove <name>'))
    .description('remove an environment and its secrets from the keychain')
    .action(
      act(async (context, name: string) => {
        const chosen = await context.environment(name)
        await context.call('environments:delete', { id: chosen.id })
        context.out(`Removed ${chosen.name}`)
      }),
    )

  withGlobalOptions(env.command('set-secret <name> <secret>'))
    .description(
      `store a secret (${SECRET_NAMES.join(', ')}) in the keychain, read from standard input, never from the command line`,
    )
    .action(
      act(async (context, name: string, secret: string) => {
        if (!(SECRET_NAMES as readonly string[]).includes(secret))
          throw new CliFailure(
            EXIT.badInput,
            `The secret must be one of ${SECRET_NAMES.join(', ')}.`,
          )
        const chosen = await context.environment(name)
        const value = await readSecret(context.io, `${secret} for ${chosen.name}: `)
        await context.call('environments:setSecret', {
          id: chosen.id,
          name: secret as SecretName,
          value,
        })
        context.out(`Stored ${secret} for ${chosen.name}`)
      }),
    )
}
