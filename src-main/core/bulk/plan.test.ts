import { closeSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { BULK_FIELDS, ROWS_PAGE_LIMIT, rowsPageSchema } from '../../../src-shared/bulk'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { inspectCsv } from './csv-input'
import { CLIPPED_MARK, planFile, planRows, SHOWN_CELL_CHARS } from './plan'

const dir = makeTempDir('bulk-plan')
afterAll(() => dir.remove())

const HUGE_CELL_CHARS = 250_000
/** Every 25th row holds a 250 KB cell: enough of them to show that size is clipped like any. */
const HUGE_EVERY_ROWS = 25
// Long enough that a page of unclipped cells would pass its bound twice over; shorter beside a
// 250 KB cell, whose row would otherwise pass the largest record a file may hold.
const OTHER_CELL_CHARS = 1_000
const BESIDE_HUGE_CHARS = 300
/** What a page of rows may answer, however long the file's cells: see SHOWN_CELL_CHARS. */
// Each message carries its id and values beside its English text.
const PAGE_BOUND_CHARS = 3 * 1024 * 1024

/**
 * The worst a file can do to a page: as many rows as a page holds, every column mapped, every
 * cell too long to be shown whole, and some rows as large as a record may be (256 KiB) with one
 * 250 KB cell. Not every row holds one: the file would be 127 MB, and the test a test of the disk.
 */
function hugeCellsFile(): string {
  const path = join(dir.path, 'huge-cells.csv')
  const fd = openSync(path, 'w')
  writeSync(fd, `${BULK_FIELDS.join(',')}\n`)
  for (let row = 0; row < ROWS_PAGE_LIMIT; row++) {
    const huge = row % HUGE_EVERY_ROWS === 0
    const cells = BULK_FIELDS.map((_, column) => {
      const chars = !huge
        ? OTHER_CELL_CHARS
        : column === row % BULK_FIELDS.length
          ? HUGE_CELL_CHARS
          : BESIDE_HUGE_CHARS
      return `${row}-`.padEnd(chars, 'x')
    })
    writeSync(fd, `${cells.join(',')}\n`)
  }
  closeSync(fd)
  return path
}

it('answers a page of 500 rows of cells up to 250 KB within its bound, each cell clipped with a mark', async () => {
  const source = await inspectCsv(hugeCellsFile())
  const plan = await planFile(source, 'create', [...BULK_FIELDS], null)
  expect(plan.summary).toMatchObject({ rows: ROWS_PAGE_LIMIT, invalid: ROWS_PAGE_LIMIT })
  for (const only of ['all', 'invalid'] as const) {
    const page = await planRows(plan, { offset: 0, limit: ROWS_PAGE_LIMIT, only })
    expect(rowsPageSchema.safeParse(page).success).toBe(true)
    expect(page.rows).toHaveLength(ROWS_PAGE_LIMIT)
    expect(JSON.stringify(page).length).toBeLessThan(PAGE_BOUND_CHARS)
    const [first] = page.rows
    expect(first?.values.token).toBe(`0-`.padEnd(SHOWN_CELL_CHARS, 'x') + CLIPPED_MARK)
    expect(first?.errors?.token).toBeDefined()
    expect(page.rows[1]?.values.email).toBe(`1-`.padEnd(SHOWN_CELL_CHARS, 'x') + CLIPPED_MARK)
  }
})
