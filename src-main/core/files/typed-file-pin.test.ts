import { linkSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../test/helpers/core'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { pinTypedFile } from './typed-file-pin'

const home = makeTempDir('typed-pins')
const at = (name: string) => join(home.path, name)
const KEY = '-----BEGIN OPENSSH PRIVATE KEY----- MARKER-ID-RSA'
let shell: TestCore
beforeAll(() => {
  mkdirSync(at('.ssh'))
  writeFileSync(at('.ssh/id_rsa'), `token,status\n${KEY},0\n`)
  shell = startTestCore({ face: 'browser-shell' })
})
afterAll(async () => {
  await shell.stop()
  home.remove()
})

/** A CSV typed in the browser shell and read once, as the Bulk screen's first step does. */
async function typedAndRead(name: string): Promise<string> {
  writeFileSync(at(name), 'token,status\nchosen-by-the-user,0\n')
  const file = await shell.file(at(name))
  expect(await shell.call('bulk:inspect', { file })).toMatchObject({ ok: true })
  return file
}

const changed = {
  ok: false,
  error: { code: 'VALIDATION', said: { id: 'files.changedSinceChosen' } },
}

describe('a typed file is read only as the file it was when typed', () => {
  it('refuses a file with a second name: a hard link named .csv to a key', async () => {
    linkSync(at('.ssh/id_rsa'), at('report.csv'))
    const answer = await shell.call('files:typed', {
      purpose: 'open',
      format: 'csv',
      path: at('report.csv'),
    })
    // Named as the other messages name a file: where it is stays out of the answer.
    expect(answer).toMatchObject({
      ok: false,
      error: { said: { id: 'files.typedPathLinked', values: { path: 'report.csv' } } },
    })
    expect(JSON.stringify(answer)).not.toContain('MARKER')
    expect(JSON.stringify(answer)).not.toContain(home.path)
  })

  it('refuses a path that names no file when pinned, naming it by its base name', async () => {
    mkdirSync(at('folder.csv'))
    await expect(pinTypedFile(at('folder.csv'))).rejects.toMatchObject({
      said: { id: 'files.typedPathNotFile', values: { path: 'folder.csv' } },
    })
  })

  it('refuses the file swapped for a link after it was chosen', async () => {
    const file = await typedAndRead('swapped.csv')
    rmSync(at('swapped.csv'))
    symlinkSync(at('.ssh/id_rsa'), at('swapped.csv'))
    const answer = await shell.call('bulk:inspect', { file })
    expect(answer).toMatchObject(changed)
    expect(JSON.stringify(answer)).not.toContain('MARKER')
  })

  it('refuses another file renamed over it, and one given a second name since', async () => {
    const file = await typedAndRead('renamed.csv')
    writeFileSync(at('other.csv'), `token,status\n${KEY},0\n`)
    renameSync(at('other.csv'), at('renamed.csv'))
    const answer = await shell.call('bulk:dryRun', {
      file,
      mode: 'create',
      mapping: ['token', 'status'],
    })
    expect(answer).toMatchObject(changed)
    expect(JSON.stringify(answer)).not.toContain('MARKER')

    const linked = await typedAndRead('linked.csv')
    linkSync(at('linked.csv'), at('second-name.csv'))
    expect(await shell.call('bulk:inspect', { file: linked })).toMatchObject(changed)
  })

  it('reads the same file as often as the work needs while it stays as chosen', async () => {
    const file = await typedAndRead('kept.csv')
    // Its content may change (the user saved it again in place): the bulk engine checks bytes.
    writeFileSync(at('kept.csv'), 'token,status\nedited-in-place,0\n')
    expect(
      await shell.call('bulk:dryRun', { file, mode: 'create', mapping: ['token', 'status'] }),
    ).toMatchObject({ ok: true, data: { rows: 1 } })
    // A missing file is refused when typed, with nothing pinned to read later.
    expect(
      await shell.call('files:typed', { purpose: 'open', format: 'csv', path: at('missing.csv') }),
    ).toMatchObject({ ok: false, error: { said: { id: 'bulk.noFileAt' } } })
  })
})
