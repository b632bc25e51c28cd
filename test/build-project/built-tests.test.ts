import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, matchesGlob, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { staleParts } from '../../scripts/build-parts.mjs'
import { BUILT_TESTS, partsRead, staleBuildLine } from './built-tests'

const ROOT = join(import.meta.dirname, '..', '..')

describe('whether the build the tests read is fresh', () => {
  const built = () => true
  const same = { node: 'a', page: 'b', electron: 'c' }

  it('is fresh when each part read was recorded with the hash its sources have now', () => {
    expect(staleBuildLine(['node', 'page', 'electron'], same, same, built)).toBeUndefined()
    // A part no test reads may be stale.
    expect(staleBuildLine(['node'], same, { ...same, page: 'x' }, built)).toBeUndefined()
  })

  it('names the one part to build when its sources changed (a contract change)', () => {
    expect(staleBuildLine(['node', 'electron'], same, { ...same, electron: 'x' }, built)).toBe(
      'build is stale: run npm run build electron (the tests that read out/ need electron built from the sources as they are now)',
    )
  })

  it('names a part never built, or whose output is gone, as stale too', () => {
    expect(staleBuildLine(['node', 'page'], { page: 'b' }, same, built)).toMatch(
      /^build is stale: run npm run build node \(/,
    )
    const noPage = (part: string) => part !== 'page'
    expect(staleBuildLine(['node', 'page'], same, same, noPage)).toMatch(
      /^build is stale: run npm run build page \(/,
    )
  })

  it('asks for the whole build when every part is stale (a branch switch, a fresh clone)', () => {
    expect(staleBuildLine(['node', 'page', 'electron'], {}, same, built)).toMatch(
      /^build is stale: run npm run build \(/,
    )
  })

  it('decides from the recorded hashes and the outputs present', () => {
    const noElectron = (part: string) => part !== 'electron'
    expect(staleParts(['node', 'page', 'electron'], same, same, noElectron)).toEqual(['electron'])
    expect(staleParts(['node', 'page'], same, { ...same, node: 'x' }, noElectron)).toEqual(['node'])
    expect(staleParts(['node', 'page'], {}, same, noElectron)).toEqual(['node', 'page'])
  })
})

describe('the parts a run of build tests reads', () => {
  it('are those of the files selected, in the build order, and none for a unit test', () => {
    expect(partsRead(['src-main/preload.test.ts'])).toEqual(['electron'])
    expect(partsRead(['test/cli/cli-proxy.test.ts', 'src-main/preload.test.ts'])).toEqual([
      'node',
      'electron',
    ])
    expect(partsRead(['test/electron-main/built-main-ipc.test.ts'])).toEqual(['page', 'electron'])
    expect(partsRead(['src-shared/ipc/index.test.ts'])).toEqual([])
  })
})

/** Paths from the root of every file under these folders whose name passes `keep`. */
function filesUnder(folders: string[], keep: (name: string) => boolean): string[] {
  return folders.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && keep(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).replaceAll('\\', '/')),
  )
}

// A string that starts with a path into out/ (../out/preload/…, ./out/package, out/cli, or out alone
// as in join(ROOT, …)). Quoted examples here would make this file one of them.
const NAMES_OUT = /['"](?:\.\.?\/)*out['"/]/
const RELATIVE_IMPORT = /(?:from|import)\s*['"](\.\.?\/[^'"]+)['"]/g

/** Whether a file names out/, or imports (through test helpers) one that does. */
function readsBuild(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false
  seen.add(file)
  const text = readFileSync(join(ROOT, file), 'utf8')
  if (NAMES_OUT.test(text)) return true
  return [...text.matchAll(RELATIVE_IMPORT)]
    .map(([, specifier = '']) => join(dirname(file), specifier).replaceAll('\\', '/'))
    .filter((target) => target.startsWith('test/'))
    .map((target) => (existsSync(join(ROOT, target)) ? target : `${target}.ts`))
    .some((target) => existsSync(join(ROOT, target)) && readsBuild(target, seen))
}

describe('the build project', () => {
  const srcFolders = readdirSync(ROOT).filter((name) => name.startsWith('src-'))
  const testFiles = filesUnder([...srcFolders, 'test'], (name) => name.endsWith('.test.ts'))

  it('holds exactly the tests that read out/, themselves or through a test helper', () => {
    const reading = testFiles.filter((file) => readsBuild(file)).sort()
    const inProject = testFiles.filter((file) => partsRead([file]).length > 0).sort()
    expect(inProject).toEqual(reading)
  })

  it('names no file that is not there', () => {
    const unmatched = Object.keys(BUILT_TESTS).filter(
      (glob) => !testFiles.some((file) => matchesGlob(file, glob)),
    )
    expect(unmatched).toEqual([])
  })
})
