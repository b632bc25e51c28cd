import { randomUUID } from 'node:crypto'
import {
  mappingProblem,
  type BulkMode,
  type ColumnMapping,
  type PlanRow,
  type PlanSummary,
  type RowsPage,
} from '../../../src-shared/bulk'
import type { FieldErrors } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import type { UserStatus } from '../../../src-shared/service'
import { AppError, issueSaid } from '../errors/app-error'
import { createFieldErrors } from '../errors/field-errors'
import { FILE_START, readCsv, type CsvPosition, type CsvRecord, type CsvSource } from './csv-input'
import { rowInput, rowValues, type RowRequest } from './row-input'

/** A position is kept every this many rows, so a page of the table is read from near it. */
const CHECKPOINT_EVERY = 256

/**
 * A cell shows at most this many characters in the dry-run table, then CLIPPED_MARK: every token,
 * name and code fits whole, and a run sends the whole value. However long a file's cells are (a
 * record may hold 256 KiB), a page's values then hold at most ROWS_PAGE_LIMIT × 15 fields × 129
 * characters, and with its rows' errors (the console's own rule messages) a page answers under
 * 2 MB, where 500 rows of 250 KB cells answered 119 MiB.
 */
export const SHOWN_CELL_CHARS = 128
export const CLIPPED_MARK = '…'

function shownCell(value: string): string {
  if (value.length <= SHOWN_CELL_CHARS) return value
  // Never between the two halves of a surrogate pair: half a character is no character.
  const last = value.charCodeAt(SHOWN_CELL_CHARS - 1)
  const end = last >= 0xd800 && last <= 0xdbff ? SHOWN_CELL_CHARS - 1 : SHOWN_CELL_CHARS
  return `${value.slice(0, end)}${CLIPPED_MARK}`
}

/**
 * A file checked for one mode and mapping. It holds no row's data: only counts, the errors of
 * invalid rows and where to find rows again in the file, which is read anew for every page and
 * for the run. Rows are never all in memory.
 */
export interface Plan {
  id: string
  source: CsvSource
  mode: BulkMode
  status: UserStatus | null
  mapping: ColumnMapping
  summary: PlanSummary
  /** The position of data row 0, CHECKPOINT_EVERY, 2 × CHECKPOINT_EVERY ... */
  checkpoints: (CsvPosition & { index: number })[]
  /** Row numbers of the invalid rows, ascending, each with its errors. */
  invalid: Map<number, FieldErrors>
  /** The token each invalid row gives ('' when none), for the run's list of rows. */
  invalidTokens: Map<number, string>
  /** When set, the plan is these rows of the file only (a new run of a run's failed rows). */
  only?: ReadonlySet<number>
}

function isBlank(record: CsvRecord): boolean {
  return record.cells.every((cell) => cell.trim() === '')
}

/** The data rows of a file from a position on, blank lines skipped, header excluded. */
async function* dataRows(
  source: CsvSource,
  from: CsvPosition,
  options: { verified?: boolean } = {},
): AsyncGenerator<CsvRecord> {
  for await (const record of readCsv(source, from, options)) {
    if (record.row === 1 || isBlank(record)) continue
    yield record
  }
}

/** A mapping rule's text as the rule said it, or null when the mapping has no problem. */
const saidOfProblem = (text: string | null) => (text === null ? null : issueSaid(text))

/** The dry run: every row validated, duplicate tokens flagged, nothing sent. */
export async function planFile(
  source: CsvSource,
  mode: BulkMode,
  mapping: ColumnMapping,
  status: UserStatus | null,
): Promise<Plan> {
  const problem =
    mapping.length !== source.headers.length
      ? said('mappingColumnCount', {
          count: mapping.length,
          columns: source.headers.length,
        })
      : saidOfProblem(mappingProblem(mapping, mode))
  if (problem !== null)
    throw new AppError('VALIDATION', said('mappingUnusable', { problem }), {
      fieldErrors: { mapping: [problem] },
    })
  const firstRowOf = new Map<string, number>()
  const invalid = new Map<number, FieldErrors>()
  const invalidTokens = new Map<number, string>()
  const checkpoints: Plan['checkpoints'] = []
  let position: CsvPosition = FILE_START
  let index = 0
  let duplicates = 0
  for await (const record of readCsv(source, FILE_START, { verified: true })) {
    const start = position
    position = { offset: record.end, row: record.row + 1 }
    if (record.row === 1 || isBlank(record)) continue
    if (index % CHECKPOINT_EVERY === 0) checkpoints.push({ ...start, index })
    index += 1
    const input = rowInput(record.cells, mapping, mode, status)
    const first = input.token === '' ? undefined : firstRowOf.get(input.token)
    if (first !== undefined) {
      duplicates += 1
      const errors = createFieldErrors()
      for (const [field, messages] of Object.entries(input.errors ?? {}))
        for (const message of messages) errors.add(field, message)
      errors.add('token', said('duplicateToken', { row: first }))
      invalid.set(record.row, errors.toObject() ?? {})
      invalidTokens.set(record.row, input.token)
    } else {
      if (input.token !== '') firstRowOf.set(input.token, record.row)
      if (input.errors) {
        invalid.set(record.row, input.errors)
        invalidTokens.set(record.row, input.token)
      }
    }
  }
  const mapped = new Set(mapping.flatMap((field, column) => (field ? [column] : [])))
  const id = randomUUID()
  return {
    id,
    source,
    mode,
    status,
    mapping,
    checkpoints,
    invalid,
    invalidTokens,
    summary: {
      planId: id,
      mode,
      status,
      file: source.file,
      rows: index,
      valid: index - invalid.size,
      invalid: invalid.size,
      duplicates,
      ignoredColumns: source.headers.filter((_, column) => !mapped.has(column)).map(shownCell),
    },
  }
}

function checkpointBefore(plan: Plan, test: (checkpoint: Plan['checkpoints'][number]) => boolean) {
  let found = plan.checkpoints[0]
  for (const checkpoint of plan.checkpoints) {
    if (!test(checkpoint)) break
    found = checkpoint
  }
  return found
}

function planRow(plan: Plan, record: CsvRecord): PlanRow {
  const values: PlanRow['values'] = {}
  for (const [field, value] of Object.entries(rowValues(record.cells, plan.mapping)))
    values[field] = shownCell(value)
  return { row: record.row, values, errors: plan.invalid.get(record.row) ?? null }
}

/** The same file's rows `rows` only, all valid when it was planned: sent again as a new run. */
export function subsetPlan(plan: Plan, rows: readonly number[]): Plan {
  const id = randomUUID()
  const only = new Set([...rows].sort((a, b) => a - b))
  return {
    ...plan,
    id,
    only,
    invalid: new Map(),
    invalidTokens: new Map(),
    summary: {
      ...plan.summary,
      planId: id,
      rows: only.size,
      valid: only.size,
      invalid: 0,
      duplicates: 0,
    },
  }
}

/** A page of the dry-run table, read from the file near where it starts. */
export async function planRows(
  plan: Plan,
  page: { offset: number; limit: number; only: 'all' | 'invalid' },
): Promise<RowsPage> {
  const rows: PlanRow[] = []
  const listed =
    page.only === 'invalid' ? [...plan.invalid.keys()] : plan.only ? [...plan.only] : null
  if (listed === null) {
    const start = checkpointBefore(plan, (checkpoint) => checkpoint.index <= page.offset)
    if (start && page.offset < plan.summary.rows) {
      let index = start.index
      for await (const record of dataRows(plan.source, start)) {
        if (index++ < page.offset) continue
        rows.push(planRow(plan, record))
        if (rows.length === page.limit) break
      }
    }
    return { total: plan.summary.rows, rows }
  }
  const wanted = listed.slice(page.offset, page.offset + page.limit)
  const first = wanted[0]
  const last = wanted.at(-1)
  if (first !== undefined && last !== undefined) {
    const start = checkpointBefore(plan, (checkpoint) => checkpoint.row <= first)
    const set = new Set(wanted)
    for await (const record of dataRows(plan.source, start ?? FILE_START)) {
      if (set.has(record.row)) rows.push(planRow(plan, record))
      if (record.row >= last) break
    }
  }
  return { total: listed.length, rows }
}

/**
 * The rows a run sends, in file order, each with its request; invalid rows are left out. The
 * file is read as the dry run read it or not at all (see `readCsv`).
 */
export async function* validRequests(
  plan: Plan,
): AsyncGenerator<{ row: number; request: RowRequest }> {
  for await (const record of dataRows(plan.source, FILE_START, { verified: true })) {
    if (plan.invalid.has(record.row) || (plan.only && !plan.only.has(record.row))) continue
    const { request } = rowInput(record.cells, plan.mapping, plan.mode, plan.status)
    if (request) yield { row: record.row, request }
  }
}

/** Every invalid row as it is in the file, for the invalid-rows CSV. */
export async function* invalidRecords(
  plan: Plan,
): AsyncGenerator<{ cells: string[]; errors: FieldErrors }> {
  for await (const record of dataRows(plan.source, FILE_START, { verified: true })) {
    const errors = plan.invalid.get(record.row)
    if (errors) yield { cells: record.cells, errors }
  }
}
