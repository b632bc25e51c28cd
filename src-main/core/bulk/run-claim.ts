import { rm, stat } from 'node:fs/promises'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { ledgerPath } from './ledger-format'

/**
 * A run is written by one process at a time: faces share the data folder (the window open while
 * a script runs the command line), and two that resumed the same run would both send its rows.
 * The claim is a lock beside the ledger, kept fresh while held; one whose holder was killed is
 * taken over once it is this old.
 */
const CLAIM_STALE_MS = 10_000
const claimOptions = { realpath: false, stale: CLAIM_STALE_MS } as const

/** proper-lockfile, loaded by the first run: the core starts without it. */
const lockfile = async () => (await import('proper-lockfile')).default

function underWayElsewhere(): AppError {
  return new AppError(
    'VALIDATION',
    said('runUnderWayElsewhere', { seconds: CLAIM_STALE_MS / 1000 }),
  )
}

/** Holds the run for this process until the returned release; refused while another holds it. */
export async function claimRun(path: string, onLost: () => void): Promise<() => Promise<void>> {
  try {
    return await (await lockfile()).lock(path, { ...claimOptions, onCompromised: onLost })
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') throw underWayElsewhere()
    throw error
  }
}

/** Whether a process (this one included) holds the run now. */
export async function isClaimed(dataDirectory: string, runId: string): Promise<boolean> {
  return (await lockfile()).check(ledgerPath(dataDirectory, runId), claimOptions)
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
  if (absent) throw new AppError('NOT_FOUND', said('runGone'))
  const release = await claimRun(path, () => undefined)
  try {
    await rm(path, { force: true })
  } finally {
    await release()
  }
}
