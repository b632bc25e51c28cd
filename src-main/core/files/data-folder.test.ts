import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Face } from '../../../src-shared/ipc'
import { startTestCore, type TestCore } from '../../../test/helpers/core'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { isInside, isInsideByIdentity, type LookUp } from './data-folder'

const root = makeTempDir('data-folder')
const cores: TestCore[] = []
const mounts: string[] = []
afterAll(async () => {
  for (const core of cores) await core.stop()
  // Before the folder goes: removing through a mount would remove what it shows.
  for (const mount of mounts) execFileSync('umount', [mount])
  root.remove()
})

/**
 * Shows `folder` at `at` too, where this process may (root on Linux): a second name that realpath
 * keeps, as it keeps a macOS firmlink's. False where no mount can be made.
 */
function bindMount(folder: string, at: string): boolean {
  if (process.platform !== 'linux') return false
  mkdirSync(at, { recursive: true })
  try {
    execFileSync('mount', ['--bind', folder, at], { stdio: 'ignore' })
  } catch {
    return false
  }
  mounts.push(at)
  return true
}

/**
 * The data folder as each system lays it out (no dot in either path, so the typed-path rules
 * alone let it through), with the CA file an import of environments stores there.
 */
const LAYOUTS = {
  macOS: ['Library', 'Application Support', 'Integrator Console'],
  Windows: ['AppData', 'Roaming', 'Integrator Console'],
}
const CA = `shared-ca-${'ab12'.repeat(16)}.pem`

describe.each(Object.entries(LAYOUTS))('a data folder laid out as on %s', (system, parts) => {
  const home = join(root.path, system)
  const dataDirectory = join(home, ...parts)
  mkdirSync(join(dataDirectory, 'certificates'), { recursive: true })
  const caFile = join(dataDirectory, 'certificates', CA)
  writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMARKER\n-----END CERTIFICATE-----\n')
  writeFileSync(join(home, 'company-ca.pem'), 'a CA of the user, outside the data folder')
  symlinkSync(caFile, join(home, 'innocent.pem'))
  symlinkSync(join(dataDirectory, 'certificates'), join(home, 'certs'))
  const start = (face: Face) => {
    const core = startTestCore({ face, dataDirectory })
    cores.push(core)
    return core
  }
  const refusedIn = {
    ok: false,
    error: { code: 'VALIDATION', said: { id: 'files.grantInDataFolder' } },
  }

  it('refuses a typed path to the CA the importer stored there, straight or through a link', async () => {
    const shell = start('browser-shell')
    for (const path of [caFile, join(home, 'innocent.pem'), join(home, 'certs', CA)])
      expect(
        await shell.call('files:typed', { purpose: 'open', format: 'pem', path }),
        path,
      ).toMatchObject(refusedIn)
    // Nor a new file there: a place to save is judged where it would land.
    expect(
      await shell.call('files:typed', {
        purpose: 'save',
        format: 'csv',
        path: join(home, 'certs', 'results.csv'),
      }),
    ).toMatchObject(refusedIn)
    // The message names the file, not the folder (the page is not told where that is).
    const refusal = await shell.call('files:typed', {
      purpose: 'open',
      format: 'pem',
      path: caFile,
    })
    expect(JSON.stringify(refusal)).not.toContain(dataDirectory)

    await expect(shell.file(join(home, 'company-ca.pem'), 'open', 'pem')).resolves.toEqual(
      expect.any(String),
    )
  })

  it("refuses it in the window's dialog and on the command line too", async () => {
    const window = start('electron')
    await expect(window.file(caFile, 'open', 'pem')).rejects.toThrow(/data folder/)
    await expect(window.file(join(home, 'certs', 'x.csv'), 'save', 'csv')).rejects.toThrow(
      /data folder/,
    )
    const cli = start('cli')
    expect(
      await cli.call('files:typed', {
        purpose: 'open',
        format: 'pem',
        path: join(home, 'certs', CA),
      }),
    ).toMatchObject(refusedIn)
    await expect(window.file(join(home, 'company-ca.pem'), 'open', 'pem')).resolves.toEqual(
      expect.any(String),
    )
  })
})

describe('the data folder, compared as the file system compares names', () => {
  const folder = '/Users/ana/Library/Application Support/Integrator Console'
  it.each([
    [
      'darwin',
      '/users/ANA/library/application support/integrator console/certificates/x.pem',
      true,
    ],
    ['win32', '/Users/ana/Library/Application Support/INTEGRATOR CONSOLE', true],
    ['linux', '/users/ana/library/application support/integrator console/x.pem', false],
    ['darwin', '/Users/ana/Library/Application Support/Integrator Console 2/x.pem', false],
    ['darwin', '/Users/ana/Library/Application Support/x.pem', false],
  ] as const)('on %s, %s is inside: %s', (platform, path, inside) => {
    expect(isInside(path, folder, platform)).toBe(inside)
  })
})

describe('the data folder, known by what it is rather than by its name', () => {
  const home = join(root.path, 'firmlinked', 'Users', 'ana')
  const dataDirectory = join(home, ...LAYOUTS.macOS)
  mkdirSync(join(dataDirectory, 'certificates'), { recursive: true })
  writeFileSync(join(dataDirectory, 'certificates', CA), 'a CA the importer stored')
  // As macOS shows the user's folders at /System/Volumes/Data/Users too.
  const dataVolume = join(root.path, 'firmlinked', 'System', 'Volumes', 'Data', 'Users', 'ana')
  const mounted = bindMount(home, dataVolume)

  it.runIf(mounted)('refuses a path to it through another name realpath keeps', async () => {
    const shell = startTestCore({ face: 'browser-shell', dataDirectory })
    cores.push(shell)
    const aliased = join(dataVolume, ...LAYOUTS.macOS)
    for (const [purpose, format, path] of [
      ['open', 'pem', join(aliased, 'certificates', CA)],
      ['save', 'csv', join(aliased, 'certificates', 'results.csv')],
    ] as const)
      expect(await shell.call('files:typed', { purpose, format, path }), path).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION', said: { id: 'files.grantInDataFolder' } },
      })
    await expect(shell.file(join(dataVolume, 'elsewhere.csv'), 'save', 'csv')).resolves.toEqual(
      expect.any(String),
    )
  })

  it('finds it above a path by device and inode, as on a macOS firmlink', async () => {
    const folder = '/Users/ana/Library/Application Support/Integrator Console'
    const firmlinked = `/System/Volumes/Data${folder}`
    const ids = new Map([
      [folder, { dev: 1n, ino: 42n }],
      [firmlinked, { dev: 1n, ino: 42n }],
      [`${firmlinked}/certificates`, { dev: 1n, ino: 43n }],
      ['/System/Volumes/Data/Users/ana', { dev: 1n, ino: 7n }],
      ['/', { dev: 1n, ino: 2n }],
    ])
    const lookUp: LookUp = (path) => {
      const found = ids.get(path)
      return found ? Promise.resolve(found) : Promise.reject(new Error(`ENOENT ${path}`))
    }
    // A file not made yet, under the folder's other name.
    await expect(
      isInsideByIdentity(`${firmlinked}/certificates/new.pem`, folder, lookUp),
    ).resolves.toBe(true)
    await expect(isInsideByIdentity(firmlinked, folder, lookUp)).resolves.toBe(true)
    await expect(
      isInsideByIdentity('/System/Volumes/Data/Users/ana/x.pem', folder, lookUp),
    ).resolves.toBe(false)
  })
})
