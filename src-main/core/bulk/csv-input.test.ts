import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { suggestMapping } from '../../../src-shared/bulk'
import { scratchFiles } from '../../../test/bulk/scratch-files'
import { inspectCsv } from './csv-input'
import { planFile, planRows } from './plan'

const scratch = scratchFiles('csv-input')
const file = scratch.file

const NAMES = 'token;estado;nombre;apellidos\r\nu-1;2;Begoña;Muñoz Üriarte\r\nu-2;3;José;Peña\r\n'

describe('reading a CSV file', () => {
  it.each([
    ['UTF-8', Buffer.from(NAMES, 'utf8'), 'utf-8'],
    [
      'UTF-8 with BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NAMES)]),
      'utf-8-bom',
    ],
    ['Windows-1252', Buffer.from(NAMES, 'latin1'), 'windows-1252'],
  ] as const)(
    'reads ñ, á and ü from %s and says which encoding it was',
    async (_, bytes, encoding) => {
      const source = await inspectCsv(file(bytes))
      expect(source.file).toMatchObject({ encoding, delimiter: ';' })
      expect(source.headers).toEqual(['token', 'estado', 'nombre', 'apellidos'])
      const plan = await planFile(source, 'create', suggestMapping(source.headers, 'create'), null)
      const page = await planRows(plan, { offset: 0, limit: 10, only: 'all' })
      expect(page.rows.map((row) => [row.values.firstname, row.values.lastname])).toEqual([
        ['Begoña', 'Muñoz Üriarte'],
        ['José', 'Peña'],
      ])
    },
  )

  it('keeps the Windows-1252 characters that Latin-1 lacks (€, Š, curly quotes)', async () => {
    const bytes = Buffer.from([
      ...Buffer.from('token,status,description\nu-1,2,'),
      0x80,
      0x20,
      0x8a,
      0x20,
      0x93,
      0x6f,
      0x6b,
      0x94,
      ...Buffer.from('\n'),
    ])
    const source = await inspectCsv(file(bytes))
    expect(source.file.encoding).toBe('windows-1252')
    const plan = await planFile(source, 'create', ['token', 'status', 'description'], null)
    const [row] = (await planRows(plan, { offset: 0, limit: 1, only: 'all' })).rows
    expect(row?.values.description).toBe('€ Š “ok”')
  })

  it('parses commas, quoted separators and cells over several lines', async () => {
    const source = await inspectCsv(
      file('token,status,description\nu-1,2,"one, two"\nu-2,2,"line one\nline two"\n'),
    )
    expect(source.file.delimiter).toBe(',')
    const plan = await planFile(source, 'create', ['token', 'status', 'description'], null)
    const page = await planRows(plan, { offset: 0, limit: 10, only: 'all' })
    expect(page.rows.map((row) => [row.row, row.values.description])).toEqual([
      [2, 'one, two'],
      [3, 'line one\nline two'],
    ])
  })

  it.each([
    ['an Excel workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), /Excel workbook.*CSV UTF-8/],
    ['UTF-16 text', Buffer.from([0xff, 0xfe, 0x74, 0x00]), /UTF-16/],
    ['an empty file', Buffer.alloc(0), /is empty/],
    ['an unclosed quote', Buffer.from('token,status\n"u-1,2\n'), /cannot be read as CSV near line/],
  ])('refuses %s, saying why', async (_, bytes, message) => {
    const path = file(bytes)
    await expect(
      inspectCsv(path).then((source) => planFile(source, 'create', ['token', 'status'], null)),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(message) })
  })

  it('names a missing file and a folder', async () => {
    await expect(inspectCsv(join(scratch.path, 'nope.csv'))).rejects.toMatchObject({
      message: expect.stringContaining('There is no file at'),
    })
    await expect(inspectCsv(scratch.path)).rejects.toMatchObject({
      message: expect.stringContaining('is a folder'),
    })
  })

  it('says the file is gone when it was removed after its dry run, and keeps no file open', async () => {
    const path = file('token,status\nu-1,2\nu-2,2\n')
    const plan = await planFile(await inspectCsv(path), 'create', ['token', 'status'], null)
    rmSync(path)
    await expect(planRows(plan, { offset: 0, limit: 1, only: 'all' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('There is no file at'),
    })
  })
})
