import { closeSync, fdatasync, openSync, writeSync } from 'node:fs'
import { mkdir, open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Outcome } from '../../../src-shared/bulk'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import {
  headerSchema,
  ledgerLine,
  ledgerPath,
  readLedger,
  RUNS_FOLDER,
  type LedgerHeader,
  type LedgerState,
} from './ledger-format'
import { claimRun } from './run-claim'

export { unfinishedRuns, type LedgerHeader, type LedgerState } from './ledger-format'
export { discardLedger, isClaimed } from './run-claim'

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

/** "done" lines wait for the next row's line at most this long (all rows in a long wait, say). */
const UNWRITTEN_AT_MOST_MS = 250

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
      if (!before) throw new AppError('NOT_FOUND', said('runGone'))
    }
    const cutShort = before !== null && !(await endsWithNewline(path))
    fd = openSync(path, before ? 'a' : 'wx', 0o600)
    if ('create' in opening) writeSync(fd, ledgerLine(headerSchema.parse(opening.create)))
    // A line cut short by a crash must not swallow the next one.
    else if (cutShort) writeSync(fd, '\n')
    return { ledger: appendingLedger(fd, path, claim, release), before }
  } catch (error) {
    if (fd !== undefined) closeSync(fd)
    await release().catch(() => undefined)
    throw error
  }
}

/** Why a ledger refuses a line: its claim was lost, a write failed, or it was closed. */
function stopped(claimLost: boolean, failure: Error | null): AppError {
  const reason = claimLost
    ? said('claimLost')
    : failure
      ? said('ledgerUnwritable', { error: failure.message })
      : said('ledgerClosed')
  return new AppError('INTERNAL', said('runStopped', { reason }))
}

async function syncAndClose(fd: number, sync: boolean): Promise<void> {
  // A failed flush leaves the lines in the page cache, where a killed process keeps them.
  if (sync) await new Promise<void>((resolve) => fdatasync(fd, () => resolve()))
  try {
    closeSync(fd)
  } catch {
    // Nothing more can be done with this descriptor.
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
  const refused = (): Promise<never> => Promise.reject(stopped(claim.lost, failure))
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
    await syncAndClose(fd, options.sync)
    return true
  }
  const releaseClaim = () => (claim.lost ? Promise.resolve() : release().catch(() => undefined))
  return {
    sending: (row, token) => append(ledgerLine({ kind: 'sending', row, token })),
    done(row, token, outcome, status) {
      if (!isOpen || claim.lost || failure) return refused()
      unwritten += ledgerLine({ kind: 'done', row, token, outcome, status })
      flushSoon()
      return Promise.resolve()
    },
    cancelled: () => append(ledgerLine({ kind: 'cancelled', at: new Date().toISOString() })),
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
