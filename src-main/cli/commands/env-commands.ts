import type { Command } from 'commander'
import {
  SECRET_NAMES,
  type EnvironmentView,
  type SecretName,
} from '../../../src-shared/environments'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { CliFailure, EXIT } from '../cli-context'
import { formatOption, withGlobalOptions, type Act } from '../command-kit'
import { readSecret } from '../secret-input'
import { envAddCommand, envEditCommand } from './env-save-commands'
import { networkLine } from './env-network-options'
import { envTestCommand } from './env-test-command'
import { envTransferCommands } from './env-transfer-commands'

/** The secrets a call may need: a proxy password only for a proxy with a user name; a key's passphrase is optional. */
function expectedSecrets(environment: EnvironmentView): readonly SecretName[] {
  const proxyUser = environment.proxy.mode === 'url' && environment.proxy.username !== null
  return SECRET_NAMES.filter(
    (name) => name !== 'clientKeyPassphrase' && (name !== 'proxyPassword' || proxyUser),
  )
}

function secretsLine(environment: EnvironmentView): string {
  if (environment.secrets === null) return 'secrets: unknown (keychain unavailable)'
  const set = SECRET_NAMES.filter((name) => environment.secrets?.[name])
  const missing = expectedSecrets(environment).filter((name) => !environment.secrets?.[name])
  return `secrets set: ${set.join(', ') || 'none'}${missing.length ? `; missing: ${missing.join(', ')}` : ''}`
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
        for (const notice of list.notices) context.tell(cliSaid('note', { message: notice }))
        if (options.format === 'json') {
          context.out(JSON.stringify(list, null, 2))
          return
        }
        for (const e of list.environments) {
          const active = e.id === list.activeId ? '*' : ' '
          context.out(
            `${active} ${e.name}  [${e.kind}]  ${e.baseUrl}${networkLine(e)}  ${secretsLine(e)}`,
          )
        }
        // Its address is this command's: said, so nobody points another tool at it afterwards.
        const local = list.environments.find((e) => e.builtIn)
        if (local) context.tell(cliSaid('localSandboxLifetime', { url: local.baseUrl }))
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
  envTransferCommands(env, act)

  envAddCommand(env, act)
  envEditCommand(env, act)

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
            cliSaid('secretNameInvalid', { names: SECRET_NAMES.join(', ') }),
          )
        const chosen = await context.environment(name)
        const value = await readSecret(
          context.io,
          context.say(cliSaid('secretPrompt', { secret, environment: chosen.name })),
        )
        await context.call('environments:setSecret', {
          id: chosen.id,
          name: secret as SecretName,
          value,
        })
        context.out(`Stored ${secret} for ${chosen.name}`)
      }),
    )
}
