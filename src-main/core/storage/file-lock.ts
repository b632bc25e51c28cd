import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { PRIVATE_FOLDER_MODE } from './data-directory'

/** A lock older than this is taken over: its face stopped without releasing it. */
const LOCK_STALE_MS = 10_000

/** What a caller says when the lock cannot be had: busy (another face holds it), or failed. */
export interface LockRefusals {
  busy: () => Error
  failed?: (error: unknown) => Error
}

/**
 * Runs `work` holding `path`'s lock, which every face on the data folder takes before it changes
 * that file: the window and a command changing it at once each read what the other wrote.
 * A short wait for a face that holds it, then refused as busy.
 */
export async function underFileLock<T>(
  path: string,
  refusals: LockRefusals,
  work: () => Promise<T>,
): Promise<T> {
  let release: () => Promise<void>
  try {
    await mkdir(dirname(path), { recursive: true, mode: PRIVATE_FOLDER_MODE })
    // Loaded by the first change: a command that only reads (jwt issue) never pays for it.
    const { default: lockfile } = await import('proper-lockfile')
    release = await lockfile.lock(path, {
      realpath: false,
      stale: LOCK_STALE_MS,
      retries: { retries: 20, minTimeout: 20, maxTimeout: 250 },
      // A lock held across a long stall of this process: the write it guards is atomic and the
      // other face re-reads after it, so it is not worth stopping the process for.
      onCompromised: () => undefined,
    })
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') throw refusals.busy()
    throw refusals.failed ? refusals.failed(error) : error
  }
  try {
    return await work()
  } finally {
    await release().catch(() => undefined)
  }
}
