import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8')

describe("the README's Playwright example", () => {
  const blocks = [...readme.matchAll(/<!-- example:(\S+) -->\s*```ts\n([\s\S]*?)```/g)]

  it('shows the three files that `npm test` runs', () => {
    expect(blocks.map(([, path]) => path)).toEqual([
      'examples/playwright/playwright.config.ts',
      'examples/playwright/global-setup.ts',
      'examples/playwright/session.spec.ts',
    ])
  })

  it.each(blocks.map(([, path, code]) => [path ?? '', code ?? '']))(
    'shows %s exactly as it is',
    (path, code) => {
      expect(code).toBe(readFileSync(resolve(ROOT, path), 'utf8'))
    },
  )
})
