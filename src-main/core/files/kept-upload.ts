import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rm, stat, utimes } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'
import { PRIVATE_FOLDER_MODE } from '../storage/data-directory'

/** Where the data folder keeps the TLS files an environment was given as bytes (uploads.ts). */
export const KEPT_UPLOADS_FOLDER = 'chosen-files'

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32)

/**
 * A file the browser shell's page uploaded, kept for an environment that reads it at every call:
 * the upload itself lives in a temporary folder that goes with the console. The copy is main's
 * own, in a folder of the data folder (its user's only) named by the bytes' digest, under the
 * name the user knows it by; no grant ever names it, so the page cannot point anything at it.
 * It is kept only while a profile names it (sweepKeptUploads).
 */
export async function keepUploadedFile(path: string, dataDirectory: string): Promise<string> {
  const bytes = await readFile(path)
  const digest = digestOf(bytes)
  const folder = join(dataDirectory, KEPT_UPLOADS_FOLDER, digest)
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const kept = join(folder, basename(path))
  // A copy already there serves only if it holds these very bytes: one cut short is replaced.
  const before = await readFile(kept).catch(() => null)
  if (before === null || digestOf(before) !== digest) await writeFileAtomic(kept, bytes)
  // Chosen again: its time says so, for another face's sweep (OTHER_FACES_GRACE_MS).
  else await utimes(kept, new Date(), new Date())
  return kept
}

/**
 * How long another face's copy is left alone though no stored profile names it: that face may
 * have made it for a save it is storing now. Copies this face made are judged at once.
 */
const OTHER_FACES_GRACE_MS = 60_000

/** The kept copies (`<digest>/<name>`, their paths) that no profile names. */
function keptUploadsToRemove(copies: readonly string[], inUse: ReadonlySet<string>): string[] {
  const used = new Set([...inUse].map((path) => resolve(path)))
  return copies.filter((path) => !used.has(resolve(path)))
}

/**
 * Removes, and returns, every kept copy no profile names (`inUse`): a refused save's, a deleted or changed
 * environment's, a write left unfinished. One another face made or chose in the last minute stays
 * for a later sweep, unless this face made it (`madeHere`). Folders left empty go too.
 */
export async function sweepKeptUploads(
  dataDirectory: string,
  inUse: ReadonlySet<string>,
  madeHere: ReadonlySet<string>,
  now = Date.now(),
): Promise<string[]> {
  const root = join(dataDirectory, KEPT_UPLOADS_FOLDER)
  const ours = new Set([...madeHere].map((path) => resolve(path)))
  const removed: string[] = []
  const settled = async (path: string) =>
    ours.has(resolve(path)) ||
    ((await stat(path).catch(() => null))?.mtimeMs ?? 0) < now - OTHER_FACES_GRACE_MS
  for (const digest of await readdir(root).catch(() => [])) {
    const folder = join(root, digest)
    const names = await readdir(folder).catch(() => null)
    if (names === null) continue
    const copies = names.map((name) => join(folder, name))
    const unnamed = keptUploadsToRemove(copies, inUse)
    const gone = (
      await Promise.all(unnamed.map(async (path) => ((await settled(path)) ? [path] : [])))
    ).flat()
    await Promise.all(gone.map((path) => rm(path, { recursive: true, force: true })))
    if (gone.length === copies.length) await rm(folder, { recursive: true, force: true })
    removed.push(...gone)
  }
  return removed
}

/** Whether any copy is kept: with none, there is nothing to sweep (nor profiles to read). */
export async function anyKeptUpload(dataDirectory: string): Promise<boolean> {
  const entries = await readdir(join(dataDirectory, KEPT_UPLOADS_FOLDER)).catch(() => [])
  return entries.length > 0
}
