import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docPages, ROOT } from './helpers/doc-pages'

const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8')

// A path from the project's root, in backticks: a file, or a folder (with or without a slash).
const ROOTS = String.raw`(?:src-[a-z]+|test|e2e|docs|scripts|examples|samples|\.ci)`
const PATH = String.raw`${ROOTS}\/[\w./-]*`

/** Every file or folder a page names in backticks, as a path from the project's root. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(new RegExp('`(' + PATH + ')`', 'g'))].map(([, path]) => path ?? '')
}

/** Every `npm run X` a page names; `npm run X -- args` included. */
function namedScripts(text: string): string[] {
  return [...text.matchAll(/npm run ([\w:-]+)/g)].map(([, script]) => script ?? '')
}

/**
 * Every "`name` in `path`" a page writes (`createRecognizer` in `src-shared/...`), with the
 * call's arguments left out: the file must still hold that name.
 */
function namedInFiles(text: string): { name: string; path: string }[] {
  const pattern = new RegExp(
    String.raw`\x60([A-Za-z_$][\w$]*)(?:\([^\x60]*\))?\x60\s+in\s+\x60(` + PATH + String.raw`)\x60`,
    'g',
  )
  return [...text.matchAll(pattern)].map(([, name = '', path = '']) => ({ name, path }))
}

const scripts = Object.keys(
  (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
)

describe('docs name code that exists', () => {
  it('reads every page', () => {
    expect(docPages()).toEqual(
      expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/security.md']),
    )
  })

  it.each(docPages())('every file and folder %s names is in the tree', (page) => {
    const named = namedPaths(read(page))
    expect(named.filter((path) => !existsSync(resolve(ROOT, path)))).toEqual([])
  })

  it.each(docPages())('every npm script %s names is in package.json', (page) => {
    expect(namedScripts(read(page)).filter((script) => !scripts.includes(script))).toEqual([])
  })

  it.each(docPages())('every "`name` in `file`" of %s is still in that file', (page) => {
    const missing = namedInFiles(read(page)).filter(
      ({ name, path }) =>
        !existsSync(resolve(ROOT, path)) ||
        !new RegExp(String.raw`\b${name.replace(/\$/g, '\\$')}\b`).test(read(path)),
    )
    expect(missing).toEqual([])
  })

  it('the pages that explain the code name some of it', () => {
    for (const page of ['CONTRIBUTING.md', 'docs/architecture.md', 'docs/security.md']) {
      expect(namedPaths(read(page)).length, page).toBeGreaterThan(5)
      expect(namedInFiles(read(page)).length + namedPaths(read(page)).length).toBeGreaterThan(5)
    }
  })
})

// The readers themselves: a reader that finds nothing would pass every page.
describe('the readers of named code', () => {
  const text = [
    'See `src-main/core/wiring/dispatcher.ts`, the folder `src-main/core/bulk/` and `examples/playwright`.',
    'Not paths: `out/cli/`, `e2e-artifacts/results/`, `src-renderer/src/features/<name>/`.',
    'Run `npm run i18n:extract` then `npm run cli -- --help`.',
    '`createRecognizer` in `src-shared/messages/message-text.ts`, `startSandbox(options)` in',
    '`src-sandbox/server.ts`, and `noSuchThing` in `src-shared/ipc/channels.ts`.',
  ].join('\n')

  it('finds paths from the project root, files and folders', () => {
    expect(namedPaths(text)).toEqual([
      'src-main/core/wiring/dispatcher.ts',
      'src-main/core/bulk/',
      'examples/playwright',
      'src-shared/messages/message-text.ts',
      'src-sandbox/server.ts',
      'src-shared/ipc/channels.ts',
    ])
  })

  it('finds npm scripts', () => {
    expect(namedScripts(text)).toEqual(['i18n:extract', 'cli'])
  })

  it('finds names said to be in a file, and the check tells a missing one', () => {
    const named = namedInFiles(text)
    expect(named).toEqual([
      { name: 'createRecognizer', path: 'src-shared/messages/message-text.ts' },
      { name: 'startSandbox', path: 'src-sandbox/server.ts' },
      { name: 'noSuchThing', path: 'src-shared/ipc/channels.ts' },
    ])
    expect(named.filter(({ name, path }) => !read(path).includes(name))).toEqual([
      { name: 'noSuchThing', path: 'src-shared/ipc/channels.ts' },
    ])
  })
})
