import { closeSync, fdatasync, openSync, writeSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { z } from 'zod'
import {
  bulkModeSchema,
  columnMappingSchema,
  outcomeSchema,
  type Outcome,
} from '../../../src-shared/bulk'
import { statusSchema } from '../../../src-shared/service'
import { AppError } from '../app-error'

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
 * A run is written by one process at a time: faces share the data folder (the window open while
 * a script runs the command line), and two that resumed the same run would both send its rows.
 * The claim is a lock beside the ledger, kept fresh while held; one whose holder was killed is
 * taken over once it is this old.
 */
const CLAIM_STALE_MS = 10_000
const claimOptions = { realpath: false, stale: CLAIM_STALE_MS } as const
const UNWRITTEN_AT_MOST_MS = 250

function underWayElsewhere(): AppError {
  return new AppError(
    'VALIDATION',
    `This run is under way in another window or command of the console, or in one that stopped in the last ${CLAIM_STALE_MS / 1000} seconds: wait for it, or try again in a moment.`,
  )
}

/** Holds the run for this process until the returned release; refused while another holds it. */
async function claimRun(path: string, onLost: () => void): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(path, { ...claimOptions, onCompromised: onLost })
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') throw underWayElsewhere()
    throw error
  }
}

/** Whether another process holds the run now. */
export function isClaimed(dataDirectory: string, runId: string): Promise<boolean> {
  return lockfile.check(ledgerPath(dataDirectory, runId), claimOptions)
}

/**
 * Opens a run's ledger for appending, creating it with its header. A "sending" line is one write
 * system call, made synchronously before its call leaves: it is in the OS's page cache at once,
 * so it survives the process being killed. "done" lines ride along with the next "sending" line
 * (one system call per row instead of two): a run killed before one is written finds that row in
 * flight and asks the service, as for any row in flight, so it is still never sent twice.
 *
 * The file is flushed to the disk when the run stops, not as it goes: a flush every second made
 * each write that met it wait for the disk (a run measured 9% slower). A power cut during a run
 * can lose the lines the OS had not yet written; a Create sent again then meets the service's 409
 * for its token rather than making a duplicate.
 */
export async function openLedger(
  dataDirectory: string,
  header: LedgerHeader,
  options: { existing: boolean },
): Promise<Ledger> {
  await mkdir(join(dataDirectory, RUNS_FOLDER), { recursive: true, mode: 0o700 })
  const path = ledgerPath(dataDirectory, header.runId)
  let lost = false
  const release = await claimRun(path, () => (lost = true))
  let fd: number
  let cutShort: boolean
  try {
    cutShort = options.existing && !(await endsWithNewline(path))
    fd = openSync(path, options.existing ? 'a' : 'wx', 0o600)
  } catch (error) {
    await release()
    throw error
  }
  let isOpen = true
  let unwritten = ''
  const write = (text: string) => {
    writeSync(fd, unwritten + text)
    unwritten = ''
  }
  // "done" lines wait for the next row's line at most this long (all rows waiting out a long
  // Retry-After, say), so a kill in such a wait costs no row a second question to the service.
  let flushing: NodeJS.Timeout | undefined
  const flushSoon = () => {
    flushing ??= setTimeout(() => {
      flushing = undefined
      if (isOpen && unwritten !== '') write('')
    }, UNWRITTEN_AT_MOST_MS).unref()
  }
  const closed = () =>
    Promise.reject(
      new Error(
        lost
          ? 'another window or command of the console took this run over (its claim went stale)'
          : 'the ledger of this run is closed',
      ),
    )
  const closeFile = async () => {
    if (!isOpen) return false
    isOpen = false
    clearTimeout(flushing)
    write('')
    // A failed flush leaves the lines in the page cache, where a killed process keeps them.
    await new Promise<void>((resolve) => fdatasync(fd, () => resolve()))
    closeSync(fd)
    return true
  }
  const releaseClaim = () => (lost ? Promise.resolve() : release().catch(() => undefined))
  const close = async () => {
    if (await closeFile()) await releaseClaim()
  }
  const line = (entry: object) => `${JSON.stringify(entry)}\n`
  if (!options.existing) write(line(headerSchema.parse(header)))
  // A line cut short by a crash must not swallow the next one.
  else if (cutShort) write('\n')
  return {
    sending(row, token) {
      if (!isOpen || lost) return closed()
      write(line({ kind: 'sending', row, token }))
      return Promise.resolve()
    },
    done(row, token, outcome, status) {
      if (!isOpen || lost) return closed()
      unwritten += line({ kind: 'done', row, token, outcome, status })
      flushSoon()
      return Promise.resolve()
    },
    cancelled() {
      if (!isOpen) return closed()
      write(line({ kind: 'cancelled', at: new Date().toISOString() }))
      return Promise.resolve()
    },
    // The ledger goes before the claim: no other process may find it unclaimed and resume it.
    async finished() {
      if (!(await closeFile())) return
      await rm(path, { force: true })
      await releaseClaim()
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

/** Deletes a stopped run's ledger; refused while a process holds the run. */
export async function discardLedger(dataDirectory: string, runId: string): Promise<void> {
  const path = ledgerPath(dataDirectory, runId)
  const release = await claimRun(path, () => undefined)
  try {
    await rm(path, { force: true })
  } finally {
    await release()
  }
}
