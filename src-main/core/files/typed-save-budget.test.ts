import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startTestCore } from '../../../test/helpers/core'
import { memorySecrets } from '../../../test/helpers/memory-secrets'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { TYPED_SAVE_LIMITS } from './typed-save-budget'

const home = makeTempDir('typed-saves')
afterAll(home.remove)
const at = (name: string) => join(home.path, name)

/** Every file a test's folder holds, with its size: what the saves put on the disk. */
function filesIn(folder: string): Record<string, number> {
  return Object.fromEntries(
    readdirSync(folder).map((name) => [name, statSync(join(folder, name)).size]),
  )
}
const total = (files: Record<string, number>) =>
  Object.values(files).reduce((sum, size) => sum + size, 0)

it('the browser shell saves to typed paths only so many times while it runs, and says so', async () => {
  const shell = startTestCore({ face: 'browser-shell' })
  try {
    writeFileSync(at('users.csv'), 'token,status\nnot-a-status,9\n')
    const plan = await shell.ok('bulk:dryRun', {
      file: await shell.file(at('users.csv')),
      mode: 'create',
      mapping: ['token', 'status'],
    })
    for (let save = 0; save < TYPED_SAVE_LIMITS.saves; save++)
      await shell.ok('bulk:saveInvalid', {
        planId: plan.planId,
        file: await shell.file(at(`invalid-${save}.csv`), 'save', 'csv'),
      })
    const refused = await shell.call('files:typed', {
      purpose: 'save',
      format: 'csv',
      path: at('one-more.csv'),
    })
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'VALIDATION',
        said: { id: 'files.typedSavesCount', values: { max: TYPED_SAVE_LIMITS.saves } },
      },
    })
  } finally {
    await shell.stop()
  }
})

it('counts bytes as they are written: saves made at once never pass the limit', async () => {
  const limits = { saves: 100, bytes: 1024 * 1024 }
  const shell = startTestCore({
    face: 'browser-shell',
    typedSaveLimits: limits,
    secretBackend: memorySecrets(),
  })
  const saves = at('concurrent')
  mkdirSync(saves)
  try {
    // Each file of its invalid rows is about 190 KiB: five fit, eight do not.
    const rows = Array.from({ length: 1500 }, (_, row) => `row-${row}-${'x'.repeat(40)},9`)
    writeFileSync(at('large.csv'), `token,status\n${rows.join('\n')}\n`)
    const plan = await shell.ok('bulk:dryRun', {
      file: await shell.file(at('large.csv')),
      mode: 'create',
      mapping: ['token', 'status'],
    })
    const places = await Promise.all(
      Array.from({ length: 8 }, (_, save) =>
        shell.file(join(saves, `invalid-${save}.csv`), 'save', 'csv'),
      ),
    )
    const answers = await Promise.all(
      places.map((file) => shell.call('bulk:saveInvalid', { planId: plan.planId, file })),
    )

    const written = filesIn(saves)
    expect(total(written)).toBeLessThanOrEqual(limits.bytes)
    // What was refused left nothing, not even a part: only whole files saved are there.
    expect(Object.keys(written).filter((name) => name.includes('.partial-'))).toEqual([])
    expect(Object.keys(written)).toHaveLength(answers.filter((answer) => answer.ok).length)
    const refused = answers.filter((answer) => !answer.ok)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused)
      expect(answer).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION', said: { id: 'files.typedSavesBytes', values: { max: 1 } } },
      })
    // A refused save gave back what it had taken: one made alone afterwards is written whole.
    const alone = join(saves, 'alone.csv')
    expect(
      await shell.call('bulk:saveInvalid', {
        planId: plan.planId,
        file: await shell.file(alone, 'save', 'csv'),
      }),
    ).toMatchObject({ ok: true, data: { rows: 1500 } })
    expect(statSync(alone).size).toBeGreaterThan(0)
  } finally {
    await shell.stop()
  }
})

it('stops an export to a typed path at the limit, leaving no file', async () => {
  const limits = { saves: 100, bytes: 4 * 1024 }
  const shell = startTestCore({
    face: 'browser-shell',
    typedSaveLimits: limits,
    secretBackend: memorySecrets(),
  })
  const saves = at('export')
  mkdirSync(saves)
  try {
    // About 350 bytes a record: the export of thirty passes 4 KiB.
    const tokens = Array.from({ length: 30 }, (_, user) => `export-${user}`)
    for (const token of tokens)
      await shell.ok('users:create', { user: { token, status: 2, description: 'd'.repeat(300) } })
    writeFileSync(at('tokens.csv'), `token\n${tokens.join('\n')}\n`)
    const plan = await shell.ok('bulk:dryRun', {
      file: await shell.file(at('tokens.csv')),
      mode: 'export',
      mapping: ['token'],
    })
    const file = await shell.file(join(saves, 'users.csv'), 'save', 'csv')
    const { runId } = await shell.ok('bulk:start', {
      planId: plan.planId,
      concurrency: 4,
      exportTo: { file, format: 'csv' },
    })
    expect(await shell.core.bulk.settled(runId)).toMatchObject({
      state: 'cancelled',
      stopped: {
        code: 'VALIDATION',
        said: { id: 'files.typedSavesBytes', values: { max: limits.bytes / (1024 * 1024) } },
      },
    })
    // Neither the export's file nor a part of it.
    expect(filesIn(saves)).toEqual({})
  } finally {
    await shell.stop()
  }
})

it('refuses a file of environments that would pass the limit, leaving no file', async () => {
  const limits = { saves: 100, bytes: 256 }
  const shell = startTestCore({
    face: 'browser-shell',
    typedSaveLimits: limits,
    secretBackend: memorySecrets(),
  })
  const saves = at('environments')
  mkdirSync(saves)
  try {
    const saved = await shell.ok('environments:save', {
      name: 'Team staging',
      baseUrl: 'https://staging.example.test',
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
    })
    expect(
      await shell.call('environments:export', {
        ids: [saved.id],
        file: await shell.file(join(saves, 'shared.json'), 'save', 'json'),
      }),
    ).toMatchObject({
      ok: false,
      error: {
        said: { id: 'files.typedSavesBytes', values: { max: limits.bytes / (1024 * 1024) } },
      },
    })
    expect(filesIn(saves)).toEqual({})
  } finally {
    await shell.stop()
  }
})
