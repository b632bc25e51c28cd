import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
const PAGE = 'docs/playwright-example.md'
const page = readFileSync(resolve(ROOT, PAGE), 'utf8')

// The page shows an integrator's suite that `npm test` runs from examples/playwright: the blocks
// a reader copies must be those files, or the copy would not be the suite that passes.
describe(`the Playwright example in ${PAGE}`, () => {
  const blocks = [...page.matchAll(/<!-- example:(\S+) -->\s*```(?:ts|json)\n([\s\S]*?)```/g)]

  it('shows the five files that `npm test` runs', () => {
    expect(blocks.map(([, path]) => path)).toEqual([
      'examples/playwright/package.json',
      'examples/playwright/playwright.config.ts',
      'examples/playwright/fixtures.ts',
      'examples/playwright/members-app.ts',
      'examples/playwright/members.spec.ts',
    ])
  })

  it.each(blocks.map(([, path, code]) => [path ?? '', code ?? '']))(
    'shows %s exactly as it is',
    (path, code) => {
      expect(code).toBe(readFileSync(resolve(ROOT, path), 'utf8'))
    },
  )
})
