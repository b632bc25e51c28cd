import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Face } from '../../../src-shared/ipc'
import { startTestCore, type TestCore } from '../../../test/helpers/core'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { isInside } from './data-folder'

const root = makeTempDir('data-folder')
const cores: TestCore[] = []
afterAll(async () => {
  for (const core of cores) await core.stop()
  root.remove()
})

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
