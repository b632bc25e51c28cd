import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import type { Act } from './command-kit'
import { addCommandsFor } from './command-table'

const act: Act = () => () => Promise.resolve()

async function commandsFor(argv: string[]): Promise<string[]> {
  const program = new Command()
  await addCommandsFor(argv, program, act)
  return program.commands.map((command) => command.name())
}

const EVERY_COMMAND = [
  'env',
  'users',
  'jwt',
  'import',
  'set-status',
  'export',
  'resume',
  'sandbox',
  'openapi',
  'sandbox-export',
]

describe('the commands a command line loads', () => {
  it("loads only the named command's group, past the options and their values", async () => {
    expect(await commandsFor(['jwt', 'issue', 'someone'])).toEqual(['jwt'])
    expect(await commandsFor(['--env', 'users', 'jwt', 'issue'])).toEqual(['jwt'])
    expect(await commandsFor(['--env=Bench', '--', 'users', 'find'])).toEqual(['users'])
    expect(await commandsFor(['export', '--help'])).toEqual(['import', 'set-status', 'export'])
  })

  it('loads every group where the help or the error lists them all', async () => {
    for (const argv of [
      [],
      ['--help'],
      ['--help', 'jwt'],
      ['-h', 'env'],
      ['help', 'jwt'],
      ['jwtt'],
    ])
      expect(await commandsFor(argv), argv.join(' ')).toEqual(EVERY_COMMAND)
  })
})
