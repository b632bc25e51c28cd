import { randomUUID } from 'node:crypto'
import { lstat, mkdir, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'

const PREFIX = 'integrator-console-api-'
/**
 * Each folder is held by a lock beside it, kept fresh by its client's process. One not refreshed
 * for this long has lost its process (killed before it could close the client): a lock, unlike a
 * process id, says so across containers that share the temporary folder.
 */
export const FOLDER_STALE_MS = 60_000
const lockOptions = { realpath: false, stale: FOLDER_STALE_MS } as const

/** Removes what clients killed before closing left here: only this user's, and never a held one. */
export async function sweepOrphans(temporary: string): Promise<void> {
  const names = (await readdir(temporary)).filter(
    (name) => name.startsWith(PREFIX) && !name.endsWith('.lock'),
  )
  for (const name of names) {
    const path = join(temporary, name)
    try {
      const uid = process.getuid?.()
      if (uid !== undefined && (await lstat(path)).uid !== uid) continue
      if (await lockfile.check(path, lockOptions)) continue
      await rm(path, { recursive: true, force: true })
      await rm(`${path}.lock`, { recursive: true, force: true })
    } catch {
      // Another user's, or removed by another sweep meanwhile: not this client's to remove.
    }
  }
}

/**
 * A settings folder for one client, locked before it exists so that no other sweep can take it
 * for an orphan. remove() deletes it, then lets its lock go.
 */
export async function clientFolder(): Promise<{ path: string; remove(): Promise<void> }> {
  const temporary = tmpdir()
  await sweepOrphans(temporary)
  const path = join(temporary, `${PREFIX}${randomUUID()}`)
  // A lock lost to a long stall is said by its next use failing, not by ending the process.
  const release = await lockfile.lock(path, { ...lockOptions, onCompromised: () => undefined })
  await mkdir(path, { mode: 0o700 })
  return {
    path,
    async remove() {
      try {
        await rm(path, { recursive: true, force: true })
      } finally {
        await release().catch(() => undefined)
      }
    },
  }
}
