import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { bulkWorld, runToEnd, stored } from '../../../test/bulk/bulk-world'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

describeWithTestKeyring('bulk runs in each mode, from files in each encoding', () => {
  const world = bulkWorld('bulk-modes')

  it('brings the same names from UTF-8, UTF-8 with BOM and Windows-1252 files to the service', async () => {
    const { t, sandbox } = world
    const names = (prefix: string) => [
      'token;estado;nombre;apellidos',
      `${prefix}-1;2;Begoña;Muñoz`,
      `${prefix}-2;2;Günter;Peña Álvarez`,
    ]
    const bom = world.csv(names('bom'))
    writeFileSync(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(bom)]))
    for (const [prefix, path] of [
      ['utf8', world.csv(names('utf8'))],
      ['bom', bom],
      ['cp1252', world.csv(names('cp1252'), 'latin1')],
    ] as const) {
      const progress = await runToEnd(t, path, 'create', [
        'token',
        'status',
        'firstname',
        'lastname',
      ])
      expect(progress).toMatchObject({ state: 'finished', counts: { created: 2, failed: 0 } })
      expect(await stored(sandbox, `${prefix}-1`)).toMatchObject({
        firstname: 'Begoña',
        lastname: 'Muñoz',
      })
      expect(await stored(sandbox, `${prefix}-2`)).toMatchObject({
        firstname: 'Günter',
        lastname: 'Peña Álvarez',
      })
    }
  })

  it('sets a status for a list of tokens, and exports them to the file chosen', async () => {
    const { t, sandbox } = world
    const path = world.csv(['token', 'utf8-1', 'utf8-2', 'nobody-here'])
    const set = await runToEnd(t, path, 'setStatus', ['token'], { status: 3 })
    expect(set).toMatchObject({ state: 'finished', counts: { statusSet: 2, failed: 1 } })
    expect(await stored(sandbox, 'utf8-1')).toMatchObject({ status: 3 })

    const out = join(world.folder, 'export.csv')
    const exported = await runToEnd(t, path, 'export', ['token'], {
      exportTo: { path: out, format: 'csv' },
    })
    expect(exported).toMatchObject({ counts: { exported: 2, failed: 1 } })
    const lines = readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^token,status,email,nid_number,firstname/)
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(/^utf8-1,3,,,Begoña,Muñoz/),
      expect.stringMatching(/^utf8-2,3,,,Günter,Peña Álvarez/),
    ])
  })
})
