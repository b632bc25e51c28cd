import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import { EXIT } from '../../src-main/cli/exit-codes'
import { runBuiltCli } from '../helpers/cli-process'

const codes = [...new Set(Object.values(EXIT))].sort((a, b) => a - b)

it("the command line's page lists exactly the codes the command line ends with", () => {
  const page = readFileSync(resolve(import.meta.dirname, '../../docs/command-line.md'), 'utf8')
  const table = page.slice(page.indexOf('| exit code'))
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2)
  const listed = rows.flatMap((row) => (row.split('|')[1]?.match(/\d+/g) ?? []).map(Number))
  expect(listed.sort((a, b) => a - b)).toEqual(codes)
})

it('so does --help', async () => {
  const help = await runBuiltCli(['--help'], { env: {} })
  const section = help.stdout.slice(help.stdout.indexOf('Exit codes:'))
  const listed = [...section.matchAll(/^ {2}(\d+(?: or \d+)?) /gm)].flatMap((match) =>
    (match[1] ?? '').split(' or ').map(Number),
  )
  expect(listed.sort((a, b) => a - b)).toEqual(codes)
})
