import { closeSync, openSync, writeSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
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

const headerSchema = z.object({
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

const RUNS_FOLDER = 'bulk-runs'
const ledgerPath = (dataDirectory: string, runId: string) =>
  join(dataDirectory, RUNS_FOLDER, `${runId}.jsonl`)

export interface Ledger {
  sending(row: number, token: string): Promise<void>
  done(row: number, token: string, outcome: Outcome, status: number | null): Promise<void>
  cancelled(): Promise<void>
  /** The run is over: nothing is left to resume, so its ledger goes. */
  finished(): Promise<void>
  close(): Promise<void>
}

async function endsWithNewline(path: string): Promise<boolean> {
  const reader = await open(path, 'r')
  try {
    const { size } = await reader.stat()
    if (size === 0) return true
    const last = Buffer.alloc(1)
    await reader.read(last, 0, 1, size - 1)
    return last[0] === 0x0a
  } finally {
    await reader.close()
  }
}

/**
 * Opens a run's ledger for appending, creating it with its header. Each line is one write system
 * call on a file opened for appending, made synchronously: a line of a few dozen bytes goes to
 * the OS's page cache at once, so it is there before the call it announces leaves, and survives
 * the process being killed; no thread-pool round trip is paid per row.
 */
export async function openLedger(
  dataDirectory: string,
  header: LedgerHeader,
  options: { existing: boolean },
): Promise<Ledger> {
  await mkdir(join(dataDirectory, RUNS_FOLDER), { recursive: true, mode: 0o700 })
  const path = ledgerPath(dataDirectory, header.runId)
  const cutShort = options.existing && !(await endsWithNewline(path))
  const fd = openSync(path, options.existing ? 'a' : 'wx', 0o600)
  let isOpen = true
  const append = (line: object) => {
    if (!isOpen) return Promise.reject(new Error('the ledger of this run is closed'))
    writeSync(fd, `${JSON.stringify(line)}\n`)
    return Promise.resolve()
  }
  const close = () => {
    if (isOpen) closeSync(fd)
    isOpen = false
    return Promise.resolve()
  }
  if (!options.existing) await append(headerSchema.parse(header))
  // A line cut short by a crash must not swallow the next one.
  else if (cutShort) writeSync(fd, '\n')
  return {
    sending: (row, token) => append({ kind: 'sending', row, token }),
    done: (row, token, outcome, status) => append({ kind: 'done', row, token, outcome, status }),
    cancelled: () => append({ kind: 'cancelled', at: new Date().toISOString() }),
    async finished() {
      await close()
      await rm(path, { force: true })
    },
    close,
  }
}

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

export async function discardLedger(dataDirectory: string, runId: string): Promise<void> {
  await rm(ledgerPath(dataDirectory, runId), { force: true })
}
