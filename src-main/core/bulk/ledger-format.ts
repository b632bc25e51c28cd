import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as z from 'zod'
import {
  bulkModeSchema,
  columnMappingSchema,
  outcomeSchema,
  type Outcome,
} from '../../../src-shared/bulk'
import { statusSchema } from '../../../src-shared/service'

// One JSON line per event, appended as the run goes: the header, then for every row a "sending"
// line written before its call leaves and a "done" line once its outcome is known. A row with a
// "sending" line and no "done" line may or may not have reached the service; a resumed run asks
// the service before doing anything with it. Nothing but the token identifies a user here.

export const headerSchema = z.object({
  kind: z.literal('run'),
  version: z.literal(1),
  runId: z.uuid(),
  mode: bulkModeSchema,
  status: statusSchema.nullable(),
  mapping: columnMappingSchema,
  fileHash: z.string(),
  fileName: z.string(),
  filePath: z.string(),
  environmentId: z.string(),
  environmentName: z.string(),
  startedAt: z.string(),
  total: z.number().int(),
  /** A run of some rows of the file only (a run's failed rows sent again): a resume keeps to them. */
  rows: z.array(z.number().int()).optional(),
})
export type LedgerHeader = z.output<typeof headerSchema>

const lineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sending'), row: z.number().int(), token: z.string() }),
  z.object({
    kind: z.literal('done'),
    row: z.number().int(),
    token: z.string(),
    outcome: outcomeSchema,
    status: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal('cancelled'), at: z.string() }),
])

export interface LedgerState {
  header: LedgerHeader
  /** Rows whose outcome is known, by row number. */
  done: Map<number, { token: string; outcome: Outcome; status: number | null }>
  /** Rows that were being sent when the run stopped: their outcome is not known. */
  inFlight: Map<number, string>
}

export const RUNS_FOLDER = 'bulk-runs'
export const ledgerPath = (dataDirectory: string, runId: string) =>
  join(dataDirectory, RUNS_FOLDER, `${runId}.jsonl`)

/** One event as its ledger line. */
export const ledgerLine = (entry: object) => `${JSON.stringify(entry)}\n`

/** A ledger as written so far; a last line cut short by a crash is ignored. */
export async function readLedger(
  dataDirectory: string,
  runId: string,
): Promise<LedgerState | null> {
  let text: string
  try {
    text = await readFile(ledgerPath(dataDirectory, runId), 'utf8')
  } catch {
    return null
  }
  const lines = text.split('\n').filter((line) => line !== '')
  const parse = (line: string | undefined): unknown => {
    try {
      return JSON.parse(line ?? '') as unknown
    } catch {
      return undefined
    }
  }
  const header = headerSchema.safeParse(parse(lines[0]))
  if (!header.success) return null
  const done: LedgerState['done'] = new Map()
  const inFlight: LedgerState['inFlight'] = new Map()
  for (const line of lines.slice(1)) {
    const entry = lineSchema.safeParse(parse(line))
    if (!entry.success) continue
    const value = entry.data
    if (value.kind === 'sending') inFlight.set(value.row, value.token)
    if (value.kind === 'done') {
      inFlight.delete(value.row)
      done.set(value.row, { token: value.token, outcome: value.outcome, status: value.status })
    }
  }
  return { header: header.data, done, inFlight }
}

/** Every run that stopped before its end (crashed, quit or cancelled), newest first. */
export async function unfinishedRuns(dataDirectory: string): Promise<LedgerState[]> {
  let names: string[]
  try {
    names = await readdir(join(dataDirectory, RUNS_FOLDER))
  } catch {
    return []
  }
  const states = await Promise.all(
    names
      .filter((name) => /^[0-9a-f-]{36}\.jsonl$/.test(name))
      .map((name) => readLedger(dataDirectory, name.slice(0, -'.jsonl'.length))),
  )
  return states
    .filter((state): state is LedgerState => state !== null)
    .sort((a, b) => b.header.startedAt.localeCompare(a.header.startedAt))
}
