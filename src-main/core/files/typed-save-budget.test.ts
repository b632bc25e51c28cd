import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startTestCore } from '../../../test/helpers/core'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { createFileGrants } from './file-grants'
import { TYPED_SAVE_LIMITS } from './typed-save-budget'

const home = makeTempDir('typed-saves')
afterAll(home.remove)
const at = (name: string) => join(home.path, name)

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

it('counts the bytes typed saves wrote, and refuses a save once they reach the limit', async () => {
  const limits = { saves: 100, bytes: 1024 * 1024 }
  const grants = createFileGrants({ dataDirectory: at('data'), typedSaveLimits: limits })
  const typedSave = (name: string) =>
    grants.grant(at(name), 'save', 'csv', { replace: false, typed: true })
  // Three places taken before anything is written: each is measured when it is written to.
  const places = await Promise.all(['a.csv', 'b.csv', 'c.csv'].map(typedSave))
  for (const place of places.slice(0, 2)) {
    const { path } = await grants.toWrite(place.handle, 'csv')
    writeFileSync(path, Buffer.alloc(600 * 1024, 'x'))
  }
  const bytesHit = { said: { id: 'files.typedSavesBytes', values: { max: 1 } } }
  await expect(grants.toWrite(places[2]?.handle ?? '', 'csv')).rejects.toMatchObject(bytesHit)
  await expect(typedSave('d.csv')).rejects.toMatchObject(bytesHit)
  // What the user chose in a dialog, or typed on the command line, is theirs: not counted.
  const chosen = await grants.grant(at('e.csv'), 'save', 'csv', { replace: true })
  await expect(grants.toWrite(chosen.handle, 'csv')).resolves.toMatchObject({ path: at('e.csv') })
})
