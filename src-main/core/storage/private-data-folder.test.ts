// The data folder holds the environments, the sandbox's users, the bulk ledgers and imported CAs:
// another account on the same computer must not read them. Everything the console makes there is
// checked with stat after the work that writes it, on a new folder and on one an older version
// left readable by all.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../../../test/bulk/bulk-world'
import { startCreating, startTestCore, useStagingSandbox } from '../../../test/helpers/core'
import { makePrivateCa } from '../../../test/helpers/private-ca'
import { startTestSandbox } from '../../../test/helpers/sandbox'
import { memorySecrets } from '../../../test/helpers/memory-secrets'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { importShared, sharedEnvironment } from '../../../test/helpers/shared-environments'

/** Every folder and file under `root` (itself included) with its permission bits, in octal. */
function modesUnder(root: string): Record<string, string> {
  const modes: Record<string, string> = {}
  const visit = (path: string) => {
    const stats = lstatSync(path)
    if (stats.isSymbolicLink()) return
    modes[relative(root, path) || '.'] = (stats.mode & 0o777).toString(8)
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name))
  }
  visit(root)
  return modes
}

/** The same entries, as the console must leave them: folders 700, files 600. */
function privately(root: string, modes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(modes).map((name) => [
      name,
      statSync(join(root, name)).isDirectory() ? '700' : '600',
    ]),
  )
}

const home = makeTempDir('private-folder')
let umask: number
// The mask most systems give a user: what the console makes must be private whatever it is.
beforeAll(() => {
  umask = process.umask(0o022)
})
afterAll(() => {
  process.umask(umask)
  home.remove()
})

describe.skipIf(process.platform === 'win32')('the data folder is its user’s only', () => {
  it('is made 0700, and every file the console writes in it 0600', async () => {
    const dataDirectory = join(home.path, 'new', 'integrator-console')
    const files = join(home.path, 'files')
    mkdirSync(files)
    const t = startTestCore({
      face: 'browser-shell',
      dataDirectory,
      secretBackend: memorySecrets(),
    })
    const staging = await startTestSandbox({ databasePath: ':memory:' })
    try {
      // The Local sandbox's database, with its users.
      await t.ok('users:create', { user: { token: 'private-user', status: 2 } })
      await t.ok('preferences:set', { language: 'es' })
      // A team's environment file, with its own CA: an imported CA file.
      const ca = makePrivateCa(files, 'Team CA')
      await importShared(t, [
        sharedEnvironment('Team staging', { trust: { caCertificates: ca.cert, caOnly: false } }),
      ])
      // A bulk run cancelled while its first row is on its way: its ledger stays, to resume.
      await useStagingSandbox(t, staging)
      staging.setFaults({ hold: true })
      const csv = join(files, 'rows.csv')
      writeFileSync(csv, 'token,status,firstname\r\nledger-1,2,Ana\r\nledger-2,2,Eva\r\n')
      const runId = await startCreating(t, csv, 1)
      await until('the first row sent', () => t.core.bulk.progress(runId).inFlight === 1)
      await t.ok('bulk:control', { runId, action: 'cancel' })
      staging.setFaults({ hold: false })
      expect((await t.core.bulk.settled(runId)).state).toBe('cancelled')

      const modes = modesUnder(dataDirectory)
      expect(Object.keys(modes)).toEqual(
        expect.arrayContaining([
          '.',
          'environments.json',
          'preferences.json',
          'sandbox',
          'sandbox/sandbox.db',
          'sandbox/sandbox.db-wal',
          'sandbox/sandbox.db-shm',
          `bulk-runs/${runId}.jsonl`,
          'certificates',
          expect.stringMatching(/^certificates\/shared-ca-\w+\.pem$/),
        ]),
      )
      expect(modes).toEqual(privately(dataDirectory, modes))
    } finally {
      await t.stop()
      await staging.stop()
    }
  })

  it('is tightened at start when an older version left it open to others', async () => {
    const dataDirectory = join(home.path, 'older', 'integrator-console')
    const loose = {
      'environments.json': '{}',
      'environments.json.unreadable-2025-01-01': 'x',
      'preferences.json': '{}',
      'sandbox/sandbox.db': '',
      'sandbox/sandbox.db-wal': '',
      'bulk-runs/0b9e7a0c-8f7e-4a4e-9d55-1a2b3c4d5e6f.jsonl': '{}',
      'certificates/shared-ca-0123456789abcdef0123456789abcdef.pem': '',
    }
    for (const [name, text] of Object.entries(loose)) {
      const path = join(dataDirectory, name)
      mkdirSync(join(path, '..'), { recursive: true })
      writeFileSync(path, text)
    }
    for (const name of Object.keys(modesUnder(dataDirectory)))
      chmodSync(
        join(dataDirectory, name),
        statSync(join(dataDirectory, name)).isDirectory() ? 0o755 : 0o644,
      )
    // A link the console did not make, to a file outside: it is not followed.
    const outside = join(home.path, 'outside.txt')
    writeFileSync(outside, 'not the console’s')
    chmodSync(outside, 0o644)
    symlinkSync(outside, join(dataDirectory, 'preferences.json.link'))

    const t = startTestCore({ dataDirectory, secretBackend: memorySecrets() })
    try {
      // Ready means done: the folder was tightened before it settled.
      await t.core.ready
      const modes = modesUnder(dataDirectory)
      expect(modes).toEqual(privately(dataDirectory, modes))
      expect(statSync(outside).mode & 0o777).toBe(0o644)
    } finally {
      await t.stop()
    }
  })
})
