import type { Command } from 'commander'
import type { Act } from './command-kit'

/** What adds a group of commands to the program: each module holds one group's commands. */
type AddCommands = (program: Command, act: Act) => void

/**
 * Each command's module, by the first word a user types: a command line loads only its own
 * group's modules (and what they need), not the other groups', so `jwt issue` never loads the
 * bulk runner's CSV parser. The order is the one `--help` lists them in.
 */
const GROUPS: readonly (readonly [names: readonly string[], load: () => Promise<AddCommands[]>])[] =
  [
    [['env'], async () => [(await import('./commands/env-commands')).envCommands]],
    [
      ['users'],
      async () => {
        const [users, find] = await Promise.all([
          import('./commands/users-commands'),
          import('./commands/users-find-command'),
        ])
        return [users.usersCommands, find.usersFindCommand]
      },
    ],
    [['jwt'], async () => [(await import('./commands/jwt-commands')).jwtCommands]],
    [
      ['import', 'set-status', 'export'],
      async () => [(await import('./commands/bulk-commands')).bulkCommands],
    ],
    [['resume'], async () => [(await import('./commands/resume-command')).resumeCommand]],
    [['sandbox'], async () => [(await import('./commands/sandbox-command')).sandboxCommand]],
    [
      ['openapi', 'sandbox-export'],
      async () => [(await import('./commands/contract-commands')).contractCommands],
    ],
  ]

/** The program's options that take a value: the word after one is not the command's name. */
const TAKES_VALUE = new Set(['--env', '--confirm', '--proxy', '--ca-file'])

/** The command a command line names: its first word that is neither an option nor a value. */
function commandName(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] ?? ''
    if (word === '--') return argv[index + 1]
    // Commander leaves the words after a leading --help unparsed and prints the program's help,
    // whose list of commands must then hold every group.
    if (word === '--help' || word === '-h') return undefined
    if (!word.startsWith('-')) return word
    if (TAKES_VALUE.has(word)) index += 1
  }
  return undefined
}

/**
 * The commands a command line needs: its own group, or every group when it names none (bare
 * `--help`), one unknown (so that the error can suggest the nearest) or `help`.
 */
export async function addCommandsFor(
  argv: readonly string[],
  program: Command,
  act: Act,
): Promise<void> {
  const name = commandName(argv)
  const own = GROUPS.find(([names]) => name !== undefined && names.includes(name))
  const groups = own ? [own] : GROUPS
  const adders = await Promise.all(groups.map(([, load]) => load()))
  for (const add of adders.flat()) add(program, act)
}
