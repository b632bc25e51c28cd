import { Option, type Command } from 'commander'
import type { KnownUser } from '../../../src-shared/known-users'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { CliFailure, EXIT } from '../cli-context'
import { withGlobalOptions, type Act } from '../command-kit'

// Names come from the service as it stored them: C0, DEL and C1 (the terminal's CSI among them)
// would end a cell or a line, or be obeyed by the terminal, so each is printed as a space.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g

function line(user: KnownUser): string {
  const name = [user.firstname, user.lastname].filter((part) => part !== null).join(' ')
  return [user.token, name, user.email ?? '', user.nid_number ?? '', user.source, user.lastSeen]
    .map((cell) => cell.replace(CONTROL_CHARACTERS, ' '))
    .join('\t')
}

/**
 * `users find <text>`: the environment's known users (the list kept on this computer) by email,
 * DNI/NIE or name; `users known`: turn the list on or off, its retention, Forget all.
 */
export function usersFindCommand(program: Command, act: Act): void {
  const users = program.commands.find((command) => command.name() === 'users')
  if (!users) return
  withGlobalOptions(users.command('find <text>'))
    .description(
      'find users this console has seen (the local list, once on: see `users known`) by email, DNI/NIE or name; prints token, name, email, DNI/NIE, source and last seen, tab-separated',
    )
    .option('--json', 'print the whole answer as JSON')
    .action(
      act(async (context, text: string, options: { json?: boolean }) => {
        const found = await context.call('users:find', { text })
        if (options.json) return context.out(JSON.stringify(found, null, 2))
        if (!found.settings.enabled) context.tell(cliSaid('knownUsersOff'))
        for (const user of found.matches) context.out(line(user))
        if (found.matched > found.matches.length)
          context.tell(
            cliSaid('matchesShown', { shown: found.matches.length, matched: found.matched }),
          )
      }),
    )
  users
    .command('known')
    .description(
      'the list of known users on this computer (off until turned on): prints its setting, or changes it',
    )
    .option('--on', 'keep the email, DNI/NIE, name and token of each user read or written')
    .option('--off', 'stop keeping users, and forget every one kept')
    .addOption(
      new Option('--keep-days <days>', 'how long a user is kept after last seen').choices([
        '7',
        '30',
        '90',
      ]),
    )
    .option('--forget', 'Forget all: empty the list of every environment')
    .action(
      act(
        async (
          context,
          options: { on?: boolean; off?: boolean; keepDays?: '7' | '30' | '90'; forget?: boolean },
        ) => {
          // Checked before Forget all, so a refused command changes nothing.
          if (options.on && options.off) throw new CliFailure(EXIT.badInput, cliSaid('onAndOff'))
          if (options.forget) {
            const { forgotten } = await context.call('users:forgetKnown')
            context.tell(cliSaid('forgotUsers', { count: forgotten }))
          }
          const current = await context.call('users:knownSettings')
          const enabled = options.on ? true : options.off ? false : current.enabled
          const retentionDays = options.keepDays
            ? (Number(options.keepDays) as 7 | 30 | 90)
            : current.retentionDays
          const changed = enabled !== current.enabled || retentionDays !== current.retentionDays
          const settings = changed
            ? await context.call('users:setKnownSettings', { enabled, retentionDays })
            : current
          context.out(JSON.stringify(settings))
        },
      ),
    )
}
