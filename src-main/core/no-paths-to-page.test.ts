// No absolute path reaches the page: where a file is on disk (the user's folders, the console's
// data folder) is not the page's to know. A page running hostile script would learn the user's
// name and folder layout from it, and the data folder's place is what a typed-path grant into it
// would need. Every channel that touches a file is driven through the core's dispatcher, as the
// page calls it, in the ways that make it name a file (a success, a missing folder, a file gone
// since it was chosen), and every string of every answer and event is searched.
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEvent, Face } from '../../src-shared/ipc'
import { startTestCore, useStagingSandbox, type TestCore } from '../../test/helpers/core'
import { makePrivateCa } from '../../test/helpers/private-ca'
import { startTestSandbox, type TestSandbox } from '../../test/helpers/sandbox'
import { makeTempDir } from '../../test/helpers/temp-dir'
import type { SecretBackend } from './keychain/vault'

function memorySecrets(): SecretBackend {
  const secrets = new Map<string, string>()
  return {
    get: (account) => Promise.resolve(secrets.get(account) ?? null),
    set: (account, value) => Promise.resolve(void secrets.set(account, value)),
    delete: (account) => Promise.resolve(void secrets.delete(account)),
  }
}

/** Every string in a value, with where it is, however deep. */
function stringsIn(value: unknown, at = '$'): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringsIn(item, `${at}[${index}]`))
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [
      ...stringsIn(key, `${at} key`),
      ...stringsIn(item, `${at}.${key}`),
    ])
  return []
}

/** The places in `values` that name one of `folders`, each with the string that does. */
function pathsIn(values: unknown[], folders: string[]): string[] {
  return stringsIn(values)
    .filter(([, text]) => folders.some((folder) => text.includes(folder)))
    .map(([at, text]) => `${at}: ${text}`)
}

const csvOf = (rows: readonly string[]) => `token,status,firstname\r\n${rows.join('\r\n')}\r\n`
const created = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i)},0,Ana`)

describe('no absolute path reaches the page', () => {
  let sandbox: TestSandbox
  const files = makeTempDir('paths-files')
  const cores: TestCore[] = []
  beforeAll(async () => {
    sandbox = await startTestSandbox({ databasePath: ':memory:' })
  })
  afterAll(async () => {
    for (const core of cores) await core.stop()
    await sandbox.stop()
    files.remove()
  })

  /** A core for this face, on the sandbox, with every event it sends the page kept. */
  async function pageOf(face: Face, scene: string) {
    const t = startTestCore({ face, secretBackend: memorySecrets() })
    cores.push(t)
    const events: AppEvent[] = []
    t.core.subscribe((event) => events.push(event))
    await useStagingSandbox(t, sandbox)
    const folder = join(files.path, scene)
    const at = (name: string) => join(folder, name)
    mkdirSync(folder)
    const folders = [files.path, t.dataDirectory].flatMap((folder) => [
      folder,
      realpathSync(folder),
    ])
    const found = () => pathsIn([...t.answers, ...events], folders)
    return { t, at, found }
  }

  /** A bulk run to its end (or its cancel), by the page's own calls. */
  async function run(t: TestCore, planId: string, cancel = false) {
    const { runId } = await t.ok('bulk:start', { planId, concurrency: 1 })
    if (cancel) await t.call('bulk:control', { runId, action: 'cancel' })
    await t.core.bulk.settled(runId)
    await t.call('bulk:progress', { runId })
    await t.call('bulk:current')
    await t.call('bulk:results', { runId, show: 'all', offset: 0, limit: 10 })
    return runId
  }

  it.each(['electron', 'browser-shell'] as const)(
    'over the bulk channels (%s): inspect, dry run, saves, runs, unfinished runs, a file gone',
    async (face) => {
      const { t, at, found } = await pageOf(face, `bulk-${face}`)
      const small = at('small.csv')
      writeFileSync(small, csvOf([...created(2, `${face}-small`), 'x,9,Bad']))
      const file = await t.file(small)
      await t.ok('bulk:inspect', { file })
      const mapping = ['token', 'status', 'firstname'] as const
      const plan = await t.ok('bulk:dryRun', { file, mode: 'create', mapping: [...mapping] })
      await t.call('bulk:rows', { planId: plan.planId, offset: 0, limit: 10, only: 'all' })
      await t.ok('bulk:saveInvalid', {
        planId: plan.planId,
        file: await t.file(at('invalid.csv'), 'save'),
      })
      // A folder that is not there: the write fails, naming the file.
      expect(
        await t.call('bulk:saveInvalid', {
          planId: plan.planId,
          file: await t.file(at('gone/invalid.csv'), 'save'),
        }),
      ).toMatchObject({ ok: false })
      const finished = await run(t, plan.planId)
      await t.ok('bulk:saveResults', {
        runId: finished,
        file: await t.file(at('results.csv'), 'save'),
      })
      expect(
        await t.call('bulk:saveResults', {
          runId: finished,
          file: await t.file(at('gone/results.csv'), 'save'),
        }),
      ).toMatchObject({ ok: false })

      // A run cancelled at its start is left unfinished, to resume.
      const large = at('large.csv')
      writeFileSync(large, csvOf(created(400, `${face}-large`)))
      const largeFile = await t.file(large)
      const largePlan = await t.ok('bulk:dryRun', {
        file: largeFile,
        mode: 'create',
        mapping: [...mapping],
      })
      const cancelled = await run(t, largePlan.planId, true)
      const { runs } = await t.ok('bulk:resumable')
      expect(runs.map((r) => r.runId)).toContain(cancelled)

      // The file is gone since it was chosen: reading it again fails, naming it.
      rmSync(large)
      expect(
        await t.call('bulk:dryRun', { file: largeFile, mode: 'create', mapping: [...mapping] }),
      ).toMatchObject({ ok: false })
      expect(await t.call('bulk:resume', { runId: cancelled, concurrency: 1 })).toMatchObject({
        ok: false,
      })

      expect(found()).toEqual([])
    },
  )

  it('over the environments channels: a CA file chosen, refused, then removed; export; import', async () => {
    const { t, at, found } = await pageOf('electron', 'environments')
    const ca = makePrivateCa(join(files.path, 'environments'), 'Paths CA')
    const notPem = at('not-a-certificate.pem')
    writeFileSync(notPem, 'not a certificate')
    const draft = {
      name: 'Over https',
      // Nothing listens there: a call fails after its TLS set-up has read the CA file.
      baseUrl: 'https://127.0.0.1:9',
      kind: 'staging' as const,
      userTokenScheme: 'hmac-sha256-hex' as const,
      timeoutMs: 2000,
    }
    expect(
      await t.call('environments:save', {
        ...draft,
        tls: { caFile: await t.file(notPem, 'open', 'pem') },
      }),
    ).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
    const saved = await t.ok('environments:save', {
      ...draft,
      tls: { caFile: await t.file(ca.certPath, 'open', 'pem') },
    })
    for (const name of ['apiKey', 'secretKey', 'userTokenSecret'] as const)
      await t.ok('environments:setSecret', { id: saved.id, name, value: `${name}-12345678` })
    await t.ok('environments:select', { id: saved.id })
    const ids = [saved.id]
    await t.ok('environments:export', {
      ids,
      file: await t.file(at('shared.json'), 'save', 'json'),
    })
    expect(
      await t.call('environments:export', {
        ids,
        file: await t.file(at('gone/shared.json'), 'save', 'json'),
      }),
    ).toMatchObject({ ok: false })
    await t.ok('environments:importPlan', { file: await t.file(at('shared.json'), 'open', 'json') })

    rmSync(ca.certPath)
    await t.ok('environments:list')
    expect(await t.call('users:retrieve', { token: 'anyone' })).toMatchObject({ ok: false })
    await t.call('environments:testConnection', { id: saved.id })

    // Imported under another name, its CAs are kept in a file of the data folder; that file gone,
    // a call says so by the file's name.
    const copy = at('copy.json')
    const shared = JSON.parse(readFileSync(at('shared.json'), 'utf8')) as {
      environments: { name: string }[]
    }
    for (const environment of shared.environments) environment.name = 'Imported copy'
    writeFileSync(copy, JSON.stringify(shared))
    const { secretsToSet } = await t.ok('environments:import', {
      file: await t.file(copy, 'open', 'json'),
      replace: [],
    })
    const imported = secretsToSet[0]?.id ?? ''
    for (const name of ['apiKey', 'secretKey', 'userTokenSecret'] as const)
      await t.ok('environments:setSecret', { id: imported, name, value: `${name}-12345678` })
    await t.ok('environments:select', { id: imported })
    rmSync(join(t.dataDirectory, 'certificates'), { recursive: true })
    await t.ok('environments:list')
    expect(await t.call('users:retrieve', { token: 'anyone' })).toMatchObject({ ok: false })
    await t.call('activity:list')

    await t.call('app:info')

    expect(found()).toEqual([])
  })

  it('in what it says of a data folder it cannot use: settings, preferences, the Local sandbox', async () => {
    // A file where the data folder should be: nothing in it can be read or written.
    const blocked = join(files.path, 'blocked-data')
    writeFileSync(blocked, '')
    const t = startTestCore({ secretBackend: memorySecrets(), dataDirectory: blocked })
    cores.push(t)
    const { notices } = await t.ok('environments:list')
    expect(notices).not.toEqual([])
    expect(await t.call('preferences:set', { language: 'es' })).toMatchObject({ ok: false })
    const info = await t.ok('app:info')
    expect(info.sandbox.state).toBe('failed')
    expect(pathsIn(t.answers, [files.path, realpathSync(files.path)])).toEqual([])
  })
})
