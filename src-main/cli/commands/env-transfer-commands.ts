import type { Command } from 'commander'
import type { ImportChange } from '../../../src-shared/environments'
import type { EnvironmentsImport } from '../../../src-shared/ipc'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { CliFailure, EXIT, type CliContext } from '../cli-context'
import { withGlobalOptions, type Act } from '../command-kit'
import { readSecret } from '../secret-input'
import { shellWord } from '../shell-word'
import { granted } from './bulk-commands'

/** The CA certificates a change would trust, one line each: whom they name, until when. */
function certificateLines({ certificates = [] }: ImportChange): string {
  return certificates
    .map(({ subject, validTo, expired }) => {
      const day = validTo.slice(0, 10)
      return `\n             trusts ${subject} (${expired ? `EXPIRED on ${day}` : `valid until ${day}`})`
    })
    .join('')
}

function changeLine(change: ImportChange): string {
  return `${changeWords(change)}${certificateLines(change)}`
}

function changeWords({ name, action, fields }: ImportChange): string {
  switch (action) {
    case 'add':
      return `  add      ${name}`
    case 'update':
      // Other CAs to trust drop the environment's secrets (see environment-transfer-handlers).
      return `  change   ${name}: ${fields.join(', ')}${fields.includes('trust') ? ' (replacing it removes its secrets)' : ''}`
    case 'same':
      return `  same     ${name}`
    case 'builtIn':
      return `  refused  ${name}: the built-in Local sandbox is never replaced`
  }
}

/** Asks for each secret an imported environment needs, at a terminal; else says how to set them. */
async function askSecrets(context: CliContext, result: EnvironmentsImport): Promise<void> {
  const pending = result.secretsToSet.filter((entry) => entry.secrets.length > 0)
  if (pending.length === 0) return
  if (!context.io.stdin.isTTY) {
    context.tell(cliSaid('setTheirSecrets'))
    for (const { name, secrets } of pending)
      for (const secret of secrets)
        context.note(`  integrator-console env set-secret ${shellWord(name)} ${secret}`)
    return
  }
  for (const { id, name, secrets } of pending)
    for (const secret of secrets) {
      const value = await readSecret(
        context.io,
        context.say(cliSaid('secretPromptSkippable', { secret, environment: name })),
      )
      if (value === '') continue
      await context.call('environments:setSecret', { id, name: secret, value })
    }
}

/** env export / env import: environments a team shares, with no secret in the file. */
export function envTransferCommands(env: Command, act: Act): void {
  withGlobalOptions(env.command('export <file> [names...]'))
    .description(
      'write environments to a JSON file a team can share (all but the built-in sandbox unless named): no secret, no certificate file',
    )
    .action(
      act(async (context, file: string, names: string[]) => {
        const { environments } = await context.call('environments:list')
        const chosen =
          names.length > 0
            ? await Promise.all(names.map((name) => context.environment(name)))
            : environments.filter((environment) => !environment.builtIn)
        if (chosen.length === 0) throw new CliFailure(EXIT.badInput, cliSaid('nothingToExport'))
        const written = await context.call('environments:export', {
          file: await granted(context, file, 'save', 'json'),
          ids: chosen.map((environment) => environment.id),
        })
        context.tell(cliSaid('wroteEnvironments', { count: written.count, file: written.name }))
      }),
    )

  withGlobalOptions(env.command('import <file>'))
    .description(
      'show what a file of environments would add or change; --apply adds the new ones, and --replace NAME also changes that existing one; then asks for their secrets',
    )
    .option('--apply', 'make the changes shown (without it, nothing is written)')
    .option(
      '--replace <name...>',
      'replace these existing environments with the file’s (each by name)',
    )
    .action(
      act(async (context, file: string, options: { apply?: boolean; replace?: string[] }) => {
        const handle = await granted(context, file, 'open', 'json')
        if (!options.apply) {
          const { changes } = await context.call('environments:importPlan', { file: handle })
          for (const change of changes) context.out(changeLine(change))
          if (changes.some((change) => change.action === 'add' || change.action === 'update'))
            context.tell(cliSaid('importNothingWritten'))
          return
        }
        const result = await context.call('environments:import', {
          file: handle,
          replace: options.replace ?? [],
        })
        for (const change of result.changes)
          context.out(
            `${changeLine(change)}${change.action === 'update' && !change.done ? ' (kept: not in --replace)' : ''}`,
          )
        await askSecrets(context, result)
      }),
    )
}
