// docs/company-networks.md shows the forms of the proxy variables and where each goes: the same
// table the console's rules and Debian's curl are held to, so the page cannot drift from them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { VARIABLES_CASES } from './helpers/proxy-variable-cases'

it('docs/company-networks.md shows every form of the variables, and where it goes', () => {
  const page = readFileSync(join(import.meta.dirname, '..', 'docs', 'company-networks.md'), 'utf8')
  const rows = new Map(
    page
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map((cells) => [cells[1], cells[4]] as const),
  )
  const shown = VARIABLES_CASES.map(({ what }) => [what, rows.get(what)])
  expect(shown).toEqual(VARIABLES_CASES.map(({ what, curl }) => [what, curl]))
})
