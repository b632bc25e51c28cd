import { closeSync, fdatasync, openSync, writeSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { z } from 'zod'
import {
  bulkModeSchema,
  columnMappingSchema,
  outcomeSchema,
  type Outcome,
} from '../../../src-shared/bulk'
import { sharedText } from '../../../src-shared/messages'
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

function underWayElsewhere(): AppError {
  return new AppError(
    'VALIDATION',
    sharedText('runUnderWayElsewhere', { seconds: CLAIM_STALE_MS / 1000 }),
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

/** Whether a process (this one included) holds the run now. */
export function isClaimed(dataDirectory: string, runId: string): Promise<boolean> {
  return lockfile.check(ledgerPath(dataDirectory, runId), claimOptions)
}

/** "done" lines wait for the next row's line at most this long (all rows in a long wait, say). */
const UNWRITTEN_AT_MOST_MS = 250

const line = (entry: object) => `${JSON.stringify(entry)}\n`

/**
 * Claims a run and opens its ledger for appending: a new one with its header, or an existing one
 * to resume, read under the claim so that no other process can have moved it on since.
 *
 * A "sending" line is one write system call, made synchronously before its call leaves: it is in
 * the OS's page cache at once, so it survives the process being killed. "done" lines ride along
 * with the next "sending" line (one system call per row instead of two): a run killed before one
 * is written finds that row in flight and asks the service, as for any row in flight, so it is
 * still never sent twice.
 *
 * The file is flushed to the disk when the run stops, not as it goes: a flush every second made
 * each write that met it wait for the disk (a run measured 9% slower). A power cut during a run
 * can lose the lines the OS had not yet written; a Create sent again then meets the service's 409
 * for its token rather than making a duplicate.
 */
export async function openLedger(
  dataDirectory: string,
  opening: { create: LedgerHeader } | { resume: string },
): Promise<{ ledger: Ledger; before: LedgerState | null }> {
  await mkdir(join(dataDirectory, RUNS_FOLDER), { recursive: true, mode: 0o700 })
  const runId = 'create' in opening ? opening.create.runId : opening.resume
  const path = ledgerPath(dataDirectory, runId)
  const claim = { lost: false }
  const release = await claimRun(path, () => (claim.lost = true))
  let fd: number | undefined
  try {
    let before: LedgerState | null = null
    if ('resume' in opening) {
      before = await readLedger(dataDirectory, runId)
      if (!before) throw new AppError('NOT_FOUND', sharedText('runGone'))
    }
    const cutShort = before !== null && !(await endsWithNewline(path))
    fd = openSync(path, before ? 'a' : 'wx', 0o600)
    if ('create' in opening) writeSync(fd, line(headerSchema.parse(opening.create)))
    // A line cut short by a crash must not swallow the next one.
    else if (cutShort) writeSync(fd, '\n')
    return { ledger: appendingLedger(fd, path, claim, release), before }
  } catch (error) {
    if (fd !== undefined) closeSync(fd)
    await release().catch(() => undefined)
    throw error
  }
}

function appendingLedger(
  fd: number,
  path: string,
  claim: { lost: boolean },
  release: () => Promise<void>,
): Ledger {
  let isOpen = true
  let unwritten = ''
  /** The first write that failed (a full disk): every later line is refused with it. */
  let failure: Error | null = null
  const write = (text: string) => {
    try {
      writeSync(fd, unwritten + text)
      unwritten = ''
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error))
      throw failure
    }
  }
  let flushing: NodeJS.Timeout | undefined
  const flushSoon = () => {
    flushing ??= setTimeout(() => {
      flushing = undefined
      try {
        if (isOpen && unwritten !== '') write('')
      } catch {
        // Kept in `failure`: the next line's write reports it to the run.
      }
    }, UNWRITTEN_AT_MOST_MS).unref()
  }
  const refused = (): Promise<never> =>
    Promise.reject(
      new Error(
        claim.lost
          ? sharedText('claimLost')
          : failure
            ? sharedText('ledgerUnwritable', { error: failure.message })
            : sharedText('ledgerClosed'),
      ),
    )
  const append = (text: string): Promise<void> => {
    if (!isOpen || claim.lost || failure) return refused()
    try {
      write(text)
      return Promise.resolve()
    } catch {
      return refused()
    }
  }
  /** Closes the file whatever fails on the way; false when it was closed already. */
  const closeFile = async (options: { sync: boolean }) => {
    if (!isOpen) return false
    isOpen = false
    clearTimeout(flushing)
    try {
      if (unwritten !== '' && !failure) write('')
    } catch {
      // A line not written leaves its row in flight: a resumed run asks the service about it.
    }
    // A failed flush leaves the lines in the page cache, where a killed process keeps them.
    if (options.sync) await new Promise<void>((resolve) => fdatasync(fd, () => resolve()))
    try {
      closeSync(fd)
    } catch {
      // Nothing more can be done with this descriptor.
    }
    return true
  }
  const releaseClaim = () => (claim.lost ? Promise.resolve() : release().catch(() => undefined))
  return {
    sending: (row, token) => append(line({ kind: 'sending', row, token })),
    done(row, token, outcome, status) {
      if (!isOpen || claim.lost || failure) return refused()
      unwritten += line({ kind: 'done', row, token, outcome, status })
      flushSoon()
      return Promise.resolve()
    },
    cancelled: () => append(line({ kind: 'cancelled', at: new Date().toISOString() })),
    // The ledger goes before the claim: no other process may find it unclaimed and resume it.
    // A claim lost to another process leaves the ledger to it.
    async finished() {
      if (!(await closeFile({ sync: false }))) return
      if (!claim.lost) await rm(path, { force: true })
      await releaseClaim()
    },
    async close() {
      if (await closeFile({ sync: true })) await releaseClaim()
    },
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

/**
 * Deletes a stopped run's ledger; refused while a process holds the run, and NOT_FOUND for a run
 * that left none here (finished, discarded already, or never run): before any run there is not
 * even the folder a claim would be taken in.
 */
export async function discardLedger(dataDirectory: string, runId: string): Promise<void> {
  const path = ledgerPath(dataDirectory, runId)
  const absent = await stat(path).then(
    () => false,
    (error: unknown) => {
      if ((error as { code?: unknown }).code === 'ENOENT') return true
      throw error
    },
  )
  if (absent) throw new AppError('NOT_FOUND', sharedText('runGone'))
  const release = await claimRun(path, () => undefined)
  try {
    await rm(path, { force: true })
  } finally {
    await release()
  }
}
